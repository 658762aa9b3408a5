"""Installed as `xlwings_torneo.configuration` (see setup.py): read with
`xlwings_torneo.resources`, never through the source tree. Organisers edit the .toml files."""
