"""A VBA project written from source text ([MS-OVBA]): the `vbaProject.bin` of the add-in.

No compiled code is written (`_VBA_PROJECT` has version 0xFFFF and no performance cache,
[MS-OVBA] 2.3.4.1): Excel compiles the modules from their source when it opens the file.
The source is stored compressed ([MS-OVBA] 2.4.1) and the project is not protected.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .cfb import Entry, write

CODE_PAGE = 1252
LCID = 0x0409
_CHUNK = 4096


@dataclass(frozen=True)
class Module:
    name: str
    source: str
    """The module's text as VBA stores it, `Attribute VB_Name = ...` lines first."""
    kind: str = "standard"
    """"standard", "document" (ThisWorkbook, a sheet) or "class"."""

    @property
    def procedural(self) -> bool:
        return self.kind == "standard"


@dataclass(frozen=True)
class Reference:
    """A registered type library the project refers to ([MS-OVBA] 2.3.4.2.2.5)."""

    name: str
    libid: str
    """`*\\G{guid}#major.minor#lcid#path#description`: Office finds the library by its GUID
    and version; the path is a hint."""


OFFICE = Reference(
    "Office", r"*\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0#C:\Program Files (x86)"
    r"\Common Files\Microsoft Shared\OFFICE16\MSO.DLL#Microsoft Office 16.0 Object Library")
"""The Office type library, where `IRibbonControl` lives (the reference the add-in made by
`xlwings quickstart --addin --ribbon` 0.37.8 declares, same text)."""


# --- Compression ([MS-OVBA] 2.4.1.3) ------------------------------------------------------

def _bit_count(position: int) -> int:
    """How many bits of a copy token hold the offset, at `position` in the chunk."""
    bits = max((position - 1).bit_length(), 4)
    return bits


def _compress_chunk(chunk: bytes) -> bytes:
    out = bytearray()
    seen: dict[bytes, list[int]] = {}
    pos = 0
    while pos < len(chunk):
        flag_at = len(out)
        out.append(0)
        flags = 0
        for bit in range(8):
            if pos >= len(chunk):
                break
            bits = _bit_count(pos)
            max_length = (0xFFFF >> bits) + 3
            best_len, best_at = 0, 0
            for start in reversed(seen.get(chunk[pos:pos + 3], [])):
                length = 0
                limit = min(max_length, len(chunk) - pos)
                while length < limit and chunk[start + length] == chunk[pos + length]:
                    length += 1
                if length > best_len:
                    best_len, best_at = length, start
                    if length == limit:
                        break
            step = best_len if best_len >= 3 else 1
            if best_len >= 3:
                token = ((pos - best_at - 1) << (16 - bits)) | (best_len - 3)
                out += struct.pack("<H", token)
                flags |= 1 << bit
            else:
                out.append(chunk[pos])
            for p in range(pos, pos + step):
                seen.setdefault(chunk[p:p + 3], []).append(p)
            pos += step
        out[flag_at] = flags
    return bytes(out)


def compress(data: bytes) -> bytes:
    """A CompressedContainer: signature 1, then one chunk per 4096 bytes."""
    out = bytearray(b"\x01")
    for at in range(0, len(data), _CHUNK):
        chunk = data[at:at + _CHUNK]
        packed = _compress_chunk(chunk)
        if len(packed) > _CHUNK - 2 and len(chunk) == _CHUNK:
            out += struct.pack("<H", 0x3000 | (_CHUNK - 1)) + chunk  # stored raw
            continue
        out += struct.pack("<H", 0xB000 | (len(packed) + 2 - 3)) + packed
    return bytes(out)


# --- Data encryption of the PROJECT stream's CMG/DPB/GC ([MS-OVBA] 2.4.3) ----------------

def encrypt(project_id: str, data: bytes, seed: int = 0x77) -> str:
    """The hex text Excel expects for a protection value (deterministic seed)."""
    version = 2
    key = sum(project_id.encode("ascii")) & 0xFF
    out = bytearray([seed, seed ^ version, seed ^ key])
    unencrypted, enc1, enc2 = key, seed ^ key, seed ^ version
    ignored = (seed & 6) // 2
    for plain in [0] * ignored + list(struct.pack("<I", len(data))) + list(data):
        byte = ((enc2 + unencrypted) & 0xFF) ^ plain
        out.append(byte)
        enc2, enc1, unencrypted = enc1, byte, plain
    return out.hex().upper()


# --- Streams ------------------------------------------------------------------------------

def _record(rid: int, payload: bytes) -> bytes:
    return struct.pack("<HI", rid, len(payload)) + payload


def _text(value: str) -> bytes:
    return value.encode("cp1252")


def _utf16(value: str) -> bytes:
    return value.encode("utf-16-le")


def _reference(ref: Reference) -> bytes:
    libid = _text(ref.libid)
    return b"".join([
        _record(0x0016, _text(ref.name)),
        struct.pack("<HI", 0x003E, len(_utf16(ref.name))) + _utf16(ref.name),
        _record(0x000D, struct.pack("<I", len(libid)) + libid + bytes(6)),
    ])


def dir_stream(project: str, modules: list[Module],
               references: tuple[Reference, ...] = ()) -> bytes:
    """The `dir` stream ([MS-OVBA] 2.3.4.2), uncompressed: information, references,
    the modules."""
    info = b"".join([
        _record(0x0001, struct.pack("<I", 1)),  # SysKind: 32-bit Windows
        _record(0x0002, struct.pack("<I", LCID)),
        _record(0x0014, struct.pack("<I", LCID)),
        _record(0x0003, struct.pack("<H", CODE_PAGE)),
        _record(0x0004, _text(project)),
        _record(0x0005, b""), _record(0x0040, b""),  # doc string, and its Unicode twin
        _record(0x0006, b""), _record(0x003D, b""),  # help file, twice
        _record(0x0007, struct.pack("<I", 0)),
        _record(0x0008, struct.pack("<I", 0)),
        struct.pack("<HIIH", 0x0009, 4, 1, 0),  # version 1.0: Reserved is 4, 6 bytes follow
        _record(0x000C, b""), _record(0x003C, b""),  # constants, twice
    ])
    parts = [info, *(_reference(ref) for ref in references),
             _record(0x000F, struct.pack("<H", len(modules))),
             _record(0x0013, struct.pack("<H", 0xFFFF))]
    for module in modules:
        parts += [
            _record(0x0019, _text(module.name)),
            _record(0x0047, _utf16(module.name)),
            _record(0x001A, _text(module.name)),
            _record(0x0032, _utf16(module.name)),
            _record(0x001C, b""), _record(0x0048, b""),
            _record(0x0031, struct.pack("<I", 0)),  # the source starts the stream
            _record(0x001E, struct.pack("<I", 0)),
            _record(0x002C, struct.pack("<H", 0xFFFF)),
            struct.pack("<HI", 0x0021 if module.procedural else 0x0022, 0),
            struct.pack("<HI", 0x002B, 0),
        ]
    parts.append(struct.pack("<HI", 0x0010, 0))
    return b"".join(parts)


def project_stream(project_id: str, project: str, modules: list[Module]) -> bytes:
    """The `PROJECT` stream ([MS-OVBA] 2.3.1): the project's properties as text."""
    lines = [f'ID="{project_id}"']
    for module in modules:
        lines.append({"document": f"Document={module.name}/&H00000000",
                      "class": f"Class={module.name}"}.get(module.kind, f"Module={module.name}"))
    lines += [
        f'Name="{project}"', 'HelpContextID="0"', 'VersionCompatible32="393222000"',
        f'CMG="{encrypt(project_id, bytes(4))}"',   # not protected
        f'DPB="{encrypt(project_id, bytes(1))}"',   # no password
        f'GC="{encrypt(project_id, bytes([0xFF]))}"',  # visible
        "", "[Host Extender Info]",
        "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000",
        "", "[Workspace]", *(f"{m.name}=0, 0, 0, 0, C" for m in modules), "",
    ]
    return _text("\r\n".join(lines))


def projectwm_stream(modules: list[Module]) -> bytes:
    return b"".join(_text(m.name) + b"\0" + _utf16(m.name) + b"\0\0" for m in modules) \
        + b"\0\0"


def vba_project(project_id: str, project: str, modules: list[Module],
                references: tuple[Reference, ...] = ()) -> bytes:
    """The whole `vbaProject.bin`."""
    vba = [Entry("_VBA_PROJECT", bytes.fromhex("CC61FFFF000000")),
           Entry("dir", compress(dir_stream(project, modules, references)))]
    for module in modules:
        source = module.source.replace("\r\n", "\n").replace("\n", "\r\n")
        vba.append(Entry(module.name, compress(_text(source))))
    return write([Entry("PROJECT", project_stream(project_id, project, modules)),
                  Entry("PROJECTwm", projectwm_stream(modules)),
                  Entry("VBA", children=vba)])
