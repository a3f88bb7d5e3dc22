#!/usr/bin/env python3
"""Write the tiny sample media files that the MediaMetadata tests read (T4, T16, T17).

Run from the package root (needs only python3 and Pillow, which Debian ships as python3-pil):

    python3 tools/make_media_samples.py
    python3 tools/make_media_expectations.py   # then record exiftool's reading of them

It rewrites every file in Tests/MediaMetadataTests/Fixtures/ except expected.json. Each file is
a few hundred bytes to a few KB, so together they are also the committed corpus of the mutation
fuzz test. The output is deterministic for a given Pillow version (the JPEG and PNG pixels are
encoded by Pillow; everything else is written byte by byte here).

What is built by hand, and why:
  * EXIF blocks (TIFF header, IFD0, Exif IFD, GPS IFD) in either byte order: so the fixtures can
    carry OffsetTimeOriginal, southern/western GPS, below-sea-level altitude and a big-endian
    variant without piexif.
  * HEIC files: a minimal but structurally valid HEIF container (ftyp, meta with hdlr, pitm, iinf,
    iref, iloc, iprp/ipco/ispe/irot/ipma, idat, then mdat). The 'hvc1' item holds a few dummy bytes,
    not a decodable HEVC picture: the parsers under test read metadata only, and this keeps the
    script free of libheif. One file uses iloc version 0 with 16-bit item ids and the Exif item in
    mdat; the other uses iloc version 2, 32-bit item ids, 8-byte offsets, a base offset and the
    Exif item in idat (construction_method 1).
  * MP4 and MOV files: ftyp/moov/mvhd/trak/tkhd/mdia/hdlr/udta/meta/keys/ilst/mdat boxes with a few
    dummy media bytes, covering mvhd versions 0 and 1, a 64-bit largesize mdat placed before moov,
    a 32-bit mdat before moov, udta/(c)xyz and QuickTime keys locations (keys in moov/meta as Apple
    writes them, and in moov/udta/meta as ffmpeg does), a rotated track matrix, a MOV without ftyp
    and a creation time of 0 (unknown).
"""

import io
import os
import struct

from PIL import Image

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "Tests", "MediaMetadataTests", "Fixtures")

# --- EXIF / TIFF -------------------------------------------------------------------------------

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED = 1, 2, 3, 4, 5, 7
TYPE_SIZE = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, UNDEFINED: 1}
EXIF_POINTER, GPS_POINTER = 0x8769, 0x8825


def ascii_value(text):
    return (ASCII, text.encode("ascii") + b"\0")


def encode_values(kind, values, order):
    """Encode one entry's values as bytes in the given byte order ('<' or '>')."""
    if kind in (ASCII, UNDEFINED, BYTE):
        return bytes(values)
    if kind == SHORT:
        return b"".join(struct.pack(order + "H", v) for v in values)
    if kind == LONG:
        return b"".join(struct.pack(order + "I", v) for v in values)
    if kind == RATIONAL:
        return b"".join(struct.pack(order + "II", n, d) for n, d in values)
    raise ValueError(kind)


def ifd_length(entries):
    """Bytes taken by an IFD and the out-of-line values that follow it (each padded to even)."""
    length = 2 + 12 * len(entries) + 4
    for _, (kind, values) in entries:
        size = TYPE_SIZE[kind] * len(values)
        if size > 4:
            length += size + (size & 1)
    return length


def encode_ifd(entries, start, order):
    """Encode an IFD at TIFF offset `start`, its out-of-line values right after it."""
    entries = sorted(entries)
    table = struct.pack(order + "H", len(entries))
    data = b""
    data_start = start + 2 + 12 * len(entries) + 4
    for tag, (kind, values) in entries:
        raw = encode_values(kind, values, order)
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack(order + "I", data_start + len(data))
            data += raw + (b"\0" if len(raw) & 1 else b"")
        table += struct.pack(order + "HHI", tag, kind, len(values)) + field
    return table + struct.pack(order + "I", 0) + data


def tiff_block(ifd0, exif, gps, big_endian=False):
    """A TIFF structure: header, IFD0, then the Exif IFD and the GPS IFD it points to."""
    order = ">" if big_endian else "<"
    ifd0 = dict(ifd0)
    ifd0[EXIF_POINTER] = (LONG, [0])
    if gps:
        ifd0[GPS_POINTER] = (LONG, [0])
    exif_start = 8 + ifd_length(ifd0.items())
    gps_start = exif_start + ifd_length(exif.items())
    ifd0[EXIF_POINTER] = (LONG, [exif_start])
    if gps:
        ifd0[GPS_POINTER] = (LONG, [gps_start])
    header = (b"MM" if big_endian else b"II") + struct.pack(order + "HI", 42, 8)
    body = encode_ifd(ifd0.items(), 8, order) + encode_ifd(exif.items(), exif_start, order)
    if gps:
        body += encode_ifd(gps.items(), gps_start, order)
    return header + body


def gps_ifd(lat_ref, lat, lon_ref, lon, alt_ref, alt):
    return {
        0x0000: (BYTE, [2, 3, 0, 0]),
        0x0001: ascii_value(lat_ref),
        0x0002: (RATIONAL, lat),
        0x0003: ascii_value(lon_ref),
        0x0004: (RATIONAL, lon),
        0x0005: (BYTE, [alt_ref]),
        0x0006: (RATIONAL, [alt]),
    }


def camera_ifd0(orientation):
    return {
        0x010F: ascii_value("HobbyStory"),
        0x0110: ascii_value("FixtureCam"),
        0x0112: (SHORT, [orientation]),
        0x0132: ascii_value("2024:06:01 07:00:00"),
    }


def exif_ifd(date, offset, width, height):
    entries = {
        0x9000: (UNDEFINED, list(b"0232")),
        0x9003: ascii_value(date),
        0xA002: (LONG, [width]),
        0xA003: (SHORT, [height]),
    }
    if offset is not None:
        entries[0x9011] = ascii_value(offset)
    return entries


# Lake Ladoga shore, Russia: north/east, above sea level, UTC+3.
FULL_EXIF = tiff_block(
    camera_ifd0(orientation=6),
    exif_ifd("2024:06:01 06:30:15", "+03:00", 4032, 3024),
    gps_ifd("N", [(59, 1), (56, 1), (1896, 100)], "E", [(30, 1), (18, 1), (5076, 100)], 0, (12345, 1000)),
)

# Laguna del Carbon, Argentina: south/west, 105 m below sea level, UTC-3.
SOUTH_WEST_EXIF = tiff_block(
    camera_ifd0(orientation=1),
    exif_ifd("2023:12:24 18:05:00", "-03:00", 640, 480),
    gps_ifd("S", [(49, 1), (34, 1), (48, 1)], "W", [(68, 1), (21, 1), (0, 1)], 1, (105, 1)),
)

# Big-endian (Motorola) EXIF, no OffsetTimeOriginal, GPS minutes written as a decimal rational.
BIG_ENDIAN_EXIF = tiff_block(
    camera_ifd0(orientation=3),
    exif_ifd("2022:08:15 21:45:30", None, 320, 200),
    gps_ifd("N", [(45, 1), (303750, 10000), (0, 1)], "W", [(73, 1), (345000, 10000), (0, 1)], 0, (36, 1)),
    big_endian=True,
)

# HEIC EXIF: India, half-hour offset, orientation 8.
HEIC_EXIF = tiff_block(
    camera_ifd0(orientation=8),
    exif_ifd("2024:01:20 07:10:05", "+05:30", 4032, 3024),
    gps_ifd("N", [(9, 1), (58, 1), (1200, 100)], "E", [(76, 1), (14, 1), (3000, 100)], 0, (3, 1)),
)

# PNG eXIf chunk: date and orientation only, no GPS.
PNG_EXIF = tiff_block(camera_ifd0(orientation=1), exif_ifd("2021:05:05 05:05:05", "+00:00", 20, 12), None)

# --- JPEG and PNG through Pillow ---------------------------------------------------------------


def small_picture(width, height):
    image = Image.new("RGB", (width, height))
    image.putdata([((x * 9) % 256, (y * 17) % 256, 128) for y in range(height) for x in range(width)])
    return image


def jpeg(width, height, exif=None, progressive=False):
    out = io.BytesIO()
    options = {"quality": 40, "progressive": progressive}
    if exif is not None:
        options["exif"] = b"Exif\0\0" + exif
    small_picture(width, height).save(out, "JPEG", **options)
    return out.getvalue()


def png(width, height, exif=None):
    out = io.BytesIO()
    options = {} if exif is None else {"exif": exif}
    small_picture(width, height).save(out, "PNG", **options)
    return out.getvalue()


# --- ISO BMFF boxes ----------------------------------------------------------------------------


def box(kind, *parts):
    payload = b"".join(parts)
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def full_box(kind, version, flags, *parts):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big"), *parts)


def ftyp(major, *compatible):
    return box(b"ftyp", major, struct.pack(">I", 0), *compatible)


def handler(kind):
    return full_box(b"hdlr", 0, 0, struct.pack(">I", 0), kind, bytes(12), b"\0")


# --- HEIC --------------------------------------------------------------------------------------

HEVC_DUMMY = bytes(range(16)) * 4  # stands in for the coded picture; never decoded


def heic_exif_payload(tiff):
    """The Exif item: a 4-byte offset to the TIFF header, then 'Exif\\0\\0' and the TIFF block."""
    return struct.pack(">I", 6) + b"Exif\0\0" + tiff


def heic_small_ids(tiff):
    """iloc v0, 16-bit item ids, 4-byte offsets, both items in mdat (construction_method 0)."""
    exif = heic_exif_payload(tiff)

    def meta(mdat_data_start):
        iloc = full_box(
            b"iloc", 0, 0,
            bytes([0x44, 0x00]),  # offset_size 4, length_size 4 | base_offset_size 0, reserved
            struct.pack(">H", 2),
            struct.pack(">HHH", 1, 0, 1), struct.pack(">II", mdat_data_start, len(HEVC_DUMMY)),
            struct.pack(">HHH", 2, 0, 1), struct.pack(">II", mdat_data_start + len(HEVC_DUMMY), len(exif)),
        )
        return full_box(
            b"meta", 0, 0,
            handler(b"pict"),
            full_box(b"pitm", 0, 0, struct.pack(">H", 1)),
            full_box(
                b"iinf", 0, 0, struct.pack(">H", 2),
                full_box(b"infe", 2, 0, struct.pack(">HH", 1, 0), b"hvc1", b"\0"),
                full_box(b"infe", 2, 0, struct.pack(">HH", 2, 0), b"Exif", b"\0"),
            ),
            full_box(b"iref", 0, 0, box(b"cdsc", struct.pack(">HHH", 2, 1, 1))),
            iloc,
            box(
                b"iprp",
                box(b"ipco", full_box(b"ispe", 0, 0, struct.pack(">II", 4032, 3024))),
                full_box(b"ipma", 0, 0, struct.pack(">IHB", 1, 1, 1), bytes([0x01])),
            ),
        )

    head = ftyp(b"heic", b"mif1", b"heic")
    start = len(head) + len(meta(0)) + 8
    return head + meta(start) + box(b"mdat", HEVC_DUMMY, exif)


def heic_large_ids(tiff):
    """iloc v2, 32-bit item ids, 8-byte offsets and lengths, 4-byte base offset; Exif in idat."""
    exif = heic_exif_payload(tiff)
    picture_id, exif_id = 1000, 70000
    idat_padding = b"\xEE" * 4  # skipped through the Exif item's base_offset

    def meta(mdat_data_start):
        iloc = full_box(
            b"iloc", 2, 0,
            bytes([0x88, 0x40]),  # offset_size 8, length_size 8 | base_offset_size 4, index_size 0
            struct.pack(">I", 2),
            struct.pack(">IHHIH", picture_id, 0, 0, mdat_data_start, 1), struct.pack(">QQ", 0, len(HEVC_DUMMY)),
            struct.pack(">IHHIH", exif_id, 1, 0, len(idat_padding), 1), struct.pack(">QQ", 0, len(exif)),
        )
        return full_box(
            b"meta", 0, 0,
            handler(b"pict"),
            full_box(b"pitm", 1, 0, struct.pack(">I", picture_id)),
            full_box(
                b"iinf", 1, 0, struct.pack(">I", 2),
                full_box(b"infe", 3, 0, struct.pack(">IH", picture_id, 0), b"hvc1", b"\0"),
                full_box(b"infe", 3, 0, struct.pack(">IH", exif_id, 0), b"Exif", b"\0"),
            ),
            full_box(b"iref", 1, 0, box(b"cdsc", struct.pack(">IHI", exif_id, 1, picture_id))),
            iloc,
            box(
                b"iprp",
                box(
                    b"ipco",
                    box(b"irot", bytes([3])),  # 270 degrees anticlockwise, as EXIF orientation 6
                    full_box(b"ispe", 0, 0, struct.pack(">II", 4000, 3000)),
                ),
                full_box(b"ipma", 1, 1, struct.pack(">IIB", 1, picture_id, 2), struct.pack(">HH", 0x8001, 2)),
            ),
            box(b"idat", idat_padding, exif),
        )

    head = ftyp(b"mif1", b"mif1", b"heic", b"miaf")
    start = len(head) + len(meta(0)) + 8
    return head + meta(start) + box(b"mdat", HEVC_DUMMY)


# --- MP4 / MOV ---------------------------------------------------------------------------------

SECONDS_1904_TO_1970 = 2082844800
IDENTITY = (0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
ROTATE_90 = (0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000)


def matrix(values):
    return struct.pack(">9i", *values)


def mvhd(version, created_unix, timescale, duration):
    created = 0 if created_unix == 0 else created_unix + SECONDS_1904_TO_1970
    if version == 1:
        times = struct.pack(">QQIQ", created, created, timescale, duration)
    else:
        times = struct.pack(">IIII", created, created, timescale, duration)
    rest = struct.pack(">IH", 0x10000, 0x100) + bytes(10) + matrix(IDENTITY) + bytes(24) + struct.pack(">I", 3)
    return full_box(b"mvhd", version, 0, times, rest)


def trak(track_id, kind, width, height, turn=IDENTITY):
    tkhd = full_box(
        b"tkhd", 0, 3,
        struct.pack(">IIIII", 0, 0, track_id, 0, 0), bytes(8),
        struct.pack(">hhhH", 0, 0, 0x100 if kind == b"soun" else 0, 0),
        matrix(turn), struct.pack(">II", width << 16, height << 16),
    )
    mdhd = full_box(b"mdhd", 0, 0, struct.pack(">IIIIHH", 0, 0, 600, 0, 0x55C4, 0))
    return box(b"trak", tkhd, box(b"mdia", mdhd, handler(kind)))


def iso6709(text):
    """udta/(c)xyz: 16-bit string length, 16-bit language code, the ISO 6709 string."""
    raw = text.encode("ascii")
    return box(b"\xA9xyz", struct.pack(">HH", len(raw), 0x15C7), raw)


def quicktime_keys(items, full_box_meta=False):
    """A meta box with hdlr 'mdta', keys and ilst: QuickTime style (no version field, as Apple
    writes it in moov) or ISO full-box style (as ffmpeg writes it in moov/udta)."""
    keys = b"".join(struct.pack(">I", 8 + len(k)) + b"mdta" + k.encode() for k, _ in items)
    entries = b"".join(
        box(struct.pack(">I", index + 1), box(b"data", struct.pack(">II", 1, 0), value.encode()))
        for index, (_, value) in enumerate(items)
    )
    children = (
        full_box(b"hdlr", 0, 0, struct.pack(">I", 0), b"mdta", bytes(12), b"\0"),
        full_box(b"keys", 0, 0, struct.pack(">I", len(items)), keys),
        box(b"ilst", entries),
    )
    return full_box(b"meta", 0, 0, *children) if full_box_meta else box(b"meta", *children)


MEDIA_DUMMY = bytes(range(32))


def mp4_with_location():
    moov = box(
        b"moov",
        mvhd(0, 1717212615, 600, 7500),  # 2024-06-01 03:30:15 UTC, 12.5 s
        trak(1, b"soun", 0, 0),
        trak(2, b"vide", 1920, 1080),
        box(b"udta", iso6709("+59.9386+030.3141+012.000/")),
    )
    return ftyp(b"isom", b"isom", b"iso2", b"mp41") + moov + box(b"mdat", MEDIA_DUMMY)


def mp4_without_location():
    moov = box(b"moov", mvhd(0, 1700000000, 1000, 3000), trak(1, b"vide", 640, 360))
    return ftyp(b"mp42", b"mp42", b"isom") + box(b"mdat", MEDIA_DUMMY) + moov


def mp4_largesize_mdat():
    """mdat with size 1 and a 64-bit largesize, placed before a moov whose mvhd is version 1."""
    mdat = struct.pack(">I", 1) + b"mdat" + struct.pack(">Q", 16 + len(MEDIA_DUMMY)) + MEDIA_DUMMY
    moov = box(b"moov", mvhd(1, 1600000000, 90000, 450000), trak(1, b"vide", 3840, 2160))
    return ftyp(b"isom", b"isom", b"avc1") + mdat + moov


def mov_with_keys():
    keys = quicktime_keys([
        ("com.apple.quicktime.make", "Apple"),
        ("com.apple.quicktime.location.ISO6709", "-33.8568+151.2153+005.500/"),
    ])
    moov = box(b"moov", mvhd(0, 1690000000, 600, 1260), trak(1, b"vide", 1920, 1080, ROTATE_90), keys)
    return ftyp(b"qt  ", b"qt  ") + box(b"wide") + box(b"mdat", MEDIA_DUMMY) + moov


def mp4_with_user_data_keys():
    """Location in moov/udta/meta (a full box) with keys and ilst, the layout ffmpeg writes."""
    keys = quicktime_keys([("com.apple.quicktime.location.ISO6709", "+27.9881+086.9250+8848.000/")], True)
    moov = box(b"moov", mvhd(0, 1650000000, 1000, 60000), trak(1, b"vide", 1280, 720), box(b"udta", keys))
    return ftyp(b"mp42", b"mp42", b"isom") + moov + box(b"mdat", MEDIA_DUMMY)


def mov_without_ftyp():
    """An old QuickTime layout: no ftyp, 'wide' first; creation time 0 means unknown."""
    moov = box(b"moov", mvhd(0, 0, 600, 300), trak(1, b"vide", 320, 240))
    return box(b"wide") + box(b"mdat", MEDIA_DUMMY) + moov


# --- Output ------------------------------------------------------------------------------------

SAMPLES = {
    "photo_exif_full.jpg": lambda: jpeg(24, 16, FULL_EXIF),
    "photo_no_exif.jpg": lambda: jpeg(32, 20),
    "photo_south_west_below_sea.jpg": lambda: jpeg(16, 16, SOUTH_WEST_EXIF),
    "photo_big_endian_progressive.jpg": lambda: jpeg(40, 8, BIG_ENDIAN_EXIF, progressive=True),
    "photo_iloc_v0.heic": lambda: heic_small_ids(HEIC_EXIF),
    "photo_iloc_v2_idat.heic": lambda: heic_large_ids(FULL_EXIF),
    "photo_exif.png": lambda: png(20, 12, PNG_EXIF),
    "photo_plain.png": lambda: png(7, 5),
    "video_location.mp4": mp4_with_location,
    "video_no_location.mp4": mp4_without_location,
    "video_largesize_mdat.mp4": mp4_largesize_mdat,
    "video_keys_location.mov": mov_with_keys,
    "video_user_data_keys.mp4": mp4_with_user_data_keys,
    "video_no_ftyp.mov": mov_without_ftyp,
}


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    for name, make in SAMPLES.items():
        data = make()
        with open(os.path.join(FIXTURES, name), "wb") as out:
            out.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
