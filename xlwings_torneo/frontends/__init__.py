"""The front ends, the top layer: the command line (`cli`), the Excel ribbon (`excel`),
xlwings Lite (`lite`) and LibreOffice (`libreoffice/`), built on one neutral list of buttons
(`buttons`) and the actions they run on any backend (`actions`). They parse their input,
call the use cases and show the message; no rule lives here. May import every layer;
nothing imports them (but the root's `__main__` and the old add-in name `addin`)."""
