"""Replace one stream of an OLE compound file (the container of an `.xls`) by a longer one.

Used to mend the `Workbook` stream LibreOffice wrote (`xls_text_results.py`): the stream's
sectors are reused in order, the sectors it needs beyond them are appended at the end of
the file (with FAT sectors when the FAT is full), and its directory entry gets the new
start and size. Every other stream (document properties, ...) stays byte for byte.
Pure standard library: it runs in LibreOffice's Python too.
"""

from __future__ import annotations

from struct import pack, pack_into, unpack_from

MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
FREE, END_OF_CHAIN, FAT_SECTOR = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
_HEADER_DIFAT = 109
_ENTRY = 128
_MAX_SECTORS = 1 << 22
"""A bound on any chain walked (a 2 GiB file of 512-byte sectors): a looping chain is refused."""


class CompoundFileError(ValueError):
    """The container is not one this module can mend (reported, the file left as written)."""


class _Container:
    def __init__(self, data: bytes) -> None:
        if data[:8] != MAGIC:
            raise CompoundFileError("not an OLE compound file")
        self.sector: int = 1 << int(unpack_from("<H", data, 0x1E)[0])
        if self.sector not in (512, 4096):
            raise CompoundFileError("unusual sector size")
        if unpack_from("<I", data, 0x48)[0]:  # DIFAT sectors: a file beyond ~7 MB
            raise CompoundFileError("DIFAT sectors are not supported")
        whole = -(-(len(data) - self.sector) // self.sector)
        self.body = bytearray(data[:self.sector * (whole + 1)].ljust(
            self.sector * (whole + 1), b"\0"))
        count = unpack_from("<I", data, 0x2C)[0]
        self.fat_sectors = list(unpack_from(f"<{_HEADER_DIFAT}I", data, 0x4C)[:count])
        per = self.sector // 4
        self.fat = [value for index in self.fat_sectors
                    for value in unpack_from(f"<{per}I", self.body, self.offset(index))]

    @property
    def sectors(self) -> int:
        return len(self.body) // self.sector - 1

    def offset(self, index: int) -> int:
        if not 0 <= index < self.sectors:
            raise CompoundFileError(f"sector {index} outside the file")
        return (index + 1) * self.sector

    def chain(self, start: int) -> list[int]:
        chain: list[int] = []
        index = start
        while index != END_OF_CHAIN:
            if index >= len(self.fat) or len(chain) > _MAX_SECTORS:
                raise CompoundFileError("broken sector chain")
            chain.append(index)
            index = self.fat[index]
        return chain

    def read(self, index: int) -> bytes:
        offset = self.offset(index)
        return bytes(self.body[offset:offset + self.sector])

    def allocate(self) -> int:
        """A free sector (appended at the end when none is free), FAT grown as needed."""
        for index in range(self.sectors):
            if self.fat[index] == FREE:
                self.fat[index] = END_OF_CHAIN
                return index
        if len(self.fat) < self.sectors:
            raise CompoundFileError("sectors beyond the FAT")
        while len(self.fat) <= self.sectors:  # no entry for the sector to append
            if len(self.fat_sectors) >= _HEADER_DIFAT:
                raise CompoundFileError("the FAT would need DIFAT sectors")
            fat_index = self.sectors
            self.body.extend(b"\0" * self.sector)
            self.fat.extend([FREE] * (self.sector // 4))
            self.fat[fat_index] = FAT_SECTOR
            self.fat_sectors.append(fat_index)
        index = self.sectors
        self.body.extend(b"\0" * self.sector)
        self.fat[index] = END_OF_CHAIN
        return index

    def finish(self) -> bytes:
        pack_into("<I", self.body, 0x2C, len(self.fat_sectors))
        difat = self.fat_sectors + [FREE] * (_HEADER_DIFAT - len(self.fat_sectors))
        pack_into(f"<{_HEADER_DIFAT}I", self.body, 0x4C, *difat)
        per = self.sector // 4
        for n, index in enumerate(self.fat_sectors):
            pack_into(f"<{per}I", self.body, self.offset(index), *self.fat[n * per:(n + 1) * per])
        return bytes(self.body)


def read_stream(data: bytes, name: str) -> bytes:
    """The content of the regular stream `name`."""
    box = _Container(data)
    entry = _entry(box, name)
    start, size = _start_and_size(box, entry)
    content = b"".join(box.read(index) for index in box.chain(start))
    return content[:size]


def replace_stream(data: bytes, name: str, content: bytes) -> bytes:
    """`data` with the stream `name` (a regular stream, at least 4,096 bytes before and
    after) holding `content`; CompoundFileError when the container is not one handled."""
    box = _Container(data)
    if len(content) < unpack_from("<I", data, 0x38)[0]:
        raise CompoundFileError("a stream this small belongs in the mini stream")
    _rewrite(box, _entry(box, name), content)
    return box.finish()


def _entry(box: _Container, name: str) -> int:
    """The offset of the directory entry of the stream `name`."""
    for sector in box.chain(unpack_from("<I", box.body, 0x30)[0]):
        for slot in range(0, box.sector, _ENTRY):
            entry = box.offset(sector) + slot
            size = min(64, unpack_from("<H", box.body, entry + 0x40)[0])
            label = bytes(box.body[entry:entry + max(0, size - 2)]).decode("utf-16-le", "replace")
            if box.body[entry + 0x42] == 2 and label == name:
                return entry
    raise CompoundFileError(f"no stream {name!r}")


def _start_and_size(box: _Container, entry: int) -> tuple[int, int]:
    start, size = unpack_from("<IQ", box.body, entry + 0x74)
    if box.sector == 512:
        size &= 0xFFFFFFFF  # version 3: the high half is undefined
    if size < unpack_from("<I", box.body, 0x38)[0]:
        raise CompoundFileError("the stream lives in the mini stream")
    return int(start), int(size)


def _rewrite(box: _Container, entry: int, content: bytes) -> None:
    old = box.chain(_start_and_size(box, entry)[0])
    need = -(-len(content) // box.sector)
    chain = old[:need]
    for index in old[need:]:
        box.fat[index] = FREE
    while len(chain) < need:
        chain.append(box.allocate())
    for n, index in enumerate(chain):
        piece = content[n * box.sector:(n + 1) * box.sector].ljust(box.sector, b"\0")
        offset = box.offset(index)
        box.body[offset:offset + box.sector] = piece
        box.fat[index] = chain[n + 1] if n + 1 < len(chain) else END_OF_CHAIN
    box.body[entry + 0x74:entry + 0x80] = pack("<IQ", chain[0], len(content))
