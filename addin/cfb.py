"""A minimal writer of Compound File Binary files ([MS-CFB], version 3): the container of
`vbaProject.bin`. Writes a storage tree of small streams, deterministically (no times)."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SECTOR, MINI_SECTOR, MINI_CUTOFF = 512, 64, 4096
FREE, END_OF_CHAIN, FAT_SECTOR, NO_STREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")
_ROOT, _STORAGE, _STREAM = 5, 1, 2
_BLACK = 1


@dataclass
class Entry:
    """A storage (with children) or a stream (with data)."""

    name: str
    data: bytes | None = None
    children: list[Entry] = field(default_factory=list)

    @property
    def is_stream(self) -> bool:
        return self.data is not None


def _order(name: str) -> tuple[int, str]:
    """[MS-CFB] 2.6.4: siblings compare by name length, then by upper-case name."""
    return len(name), name.upper()


def _pad(data: bytes, size: int) -> bytes:
    return data + b"\0" * (-len(data) % size)


def _chain(start: int, count: int) -> list[int]:
    return [start + i + 1 for i in range(count - 1)] + [END_OF_CHAIN] if count else []


def write(root_children: list[Entry]) -> bytes:
    """The compound file holding `root_children` under the root storage."""
    entries: list[Entry] = [Entry("Root Entry", children=root_children)]
    index: dict[int, int] = {}

    def collect(entry: Entry) -> None:
        for child in entry.children:
            index[id(child)] = len(entries)
            entries.append(child)
            collect(child)

    collect(entries[0])
    # Small streams go to the mini stream, the others to sectors of their own.
    mini = bytearray()
    mini_start: dict[int, int] = {}
    big: list[Entry] = []
    for entry in entries[1:]:
        if entry.data is None:
            continue
        if len(entry.data) < MINI_CUTOFF:
            mini_start[id(entry)] = len(mini) // MINI_SECTOR
            mini += _pad(entry.data, MINI_SECTOR)
        else:
            big.append(entry)
    minifat: list[int] = []
    for entry in entries[1:]:
        if id(entry) in mini_start and entry.data:
            minifat += _chain(mini_start[id(entry)], -(-len(entry.data) // MINI_SECTOR))
    minifat_bytes = _pad(b"".join(struct.pack("<I", v) for v in minifat), SECTOR) \
        if minifat else b""
    mini_bytes = _pad(bytes(mini), SECTOR)
    directory = b""  # filled below, its size is known first
    dir_sectors = -(-len(entries) * 128 // SECTOR)
    # Sector layout: minifat, mini stream, big streams, directory, FAT.
    sectors: list[tuple[str, int]] = []
    next_sector = 0
    starts: dict[str, int] = {}

    def place(key: str, count: int) -> None:
        nonlocal next_sector
        starts[key] = next_sector if count else END_OF_CHAIN
        sectors.append((key, count))
        next_sector += count

    place("minifat", len(minifat_bytes) // SECTOR)
    place("mini", len(mini_bytes) // SECTOR)
    for entry in big:
        place(f"big{id(entry)}", -(-len(entry.data or b"") // SECTOR))
    place("dir", dir_sectors)
    body_sectors = next_sector
    fat_sectors = 1
    while (body_sectors + fat_sectors) > fat_sectors * (SECTOR // 4):
        fat_sectors += 1
    if fat_sectors > 109:
        raise ValueError("file too big for a header-only DIFAT")
    fat: list[int] = []
    for _key, count in sectors:
        fat += _chain(len(fat), count)
    fat += [FAT_SECTOR] * fat_sectors
    fat += [FREE] * (fat_sectors * (SECTOR // 4) - len(fat))
    directory = _directory(entries, index, mini_start, starts, len(mini))
    body = minifat_bytes + mini_bytes + b"".join(_pad(e.data or b"", SECTOR) for e in big) \
        + directory + b"".join(struct.pack("<I", v) for v in fat)
    difat = list(range(body_sectors, body_sectors + fat_sectors))
    difat += [FREE] * (109 - len(difat))
    header = struct.pack(
        "<8s16sHHHHH6sIIIIIIIII", SIGNATURE, b"\0" * 16, 0x003E, 0x0003, 0xFFFE, 9, 6,
        b"\0" * 6, 0, fat_sectors, starts["dir"], 0, MINI_CUTOFF, starts["minifat"],
        len(minifat_bytes) // SECTOR, END_OF_CHAIN, 0)
    header += b"".join(struct.pack("<I", v) for v in difat)
    assert len(header) == SECTOR
    return header + body


def _tree(children: list[Entry], index: dict[int, int]) -> tuple[int, dict[int, tuple[int, int]]]:
    """A balanced binary search tree of siblings: (root index, {index: (left, right)})."""
    ordered = sorted(children, key=lambda e: _order(e.name))
    links: dict[int, tuple[int, int]] = {}

    def build(lo: int, hi: int) -> int:
        if lo >= hi:
            return NO_STREAM
        mid = (lo + hi) // 2
        me = index[id(ordered[mid])]
        links[me] = (build(lo, mid), build(mid + 1, hi))
        return me

    return build(0, len(ordered)), links


def _directory(entries: list[Entry], index: dict[int, int], mini_start: dict[int, int],
               starts: dict[str, int], mini_size: int) -> bytes:
    child_of: dict[int, int] = {}
    links: dict[int, tuple[int, int]] = {}
    for i, entry in enumerate(entries):
        if not entry.is_stream:
            root, sub = _tree(entry.children, index)
            child_of[i] = root
            links.update(sub)
    out = bytearray()
    for i, entry in enumerate(entries):
        name = entry.name.encode("utf-16-le")
        if len(name) > 62:
            raise ValueError(f"name too long: {entry.name}")
        kind = _ROOT if i == 0 else _STREAM if entry.is_stream else _STORAGE
        left, right = links.get(i, (NO_STREAM, NO_STREAM))
        if i == 0:
            start, size = (starts["mini"], mini_size) if mini_size else (END_OF_CHAIN, 0)
        elif entry.data is None:
            start, size = 0, 0
        elif id(entry) in mini_start:
            start, size = (mini_start[id(entry)] if entry.data else END_OF_CHAIN), len(entry.data)
        else:
            start, size = starts[f"big{id(entry)}"], len(entry.data)
        out += struct.pack("<64sHBBIII16sIQQIQ", name, len(name) + 2, kind, _BLACK, left, right,
                           child_of.get(i, NO_STREAM), b"\0" * 16, 0, 0, 0, start, size)
    out += b"".join(struct.pack("<64sHBBIII16sIQQIQ", b"", 0, 0, 0, NO_STREAM, NO_STREAM,
                                NO_STREAM, b"\0" * 16, 0, 0, 0, 0, 0)
                    for _ in range(-len(entries) % (SECTOR // 128)))
    return bytes(out)
