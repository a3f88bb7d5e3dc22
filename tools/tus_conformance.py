#!/usr/bin/env python3
"""Uploads a file to a running portal with tuspy, a tus 1.0 client this project did not write
(T4; tus conformance). Used by the Swift test suite (PortalTests, "tus with a third-party
client"); also handy by hand:

    python3 tools/tus_conformance.py http://127.0.0.1:8080 TOKEN FILE

The file goes up in 256 KiB chunks, each with an `Upload-Checksum` (SHA-1, the algorithm the tus
checksum extension requires servers to support, and tuspy's default). The first uploader stops
after half the file, as if the app were killed; a second uploader, given only the upload's URL,
asks the portal for its offset (HEAD) and sends the rest. Prints one JSON object: the upload URL,
the offset the resumed uploader found, and the final offset.

Requires `pip install tuspy==1.1.0` (scripts/install-deps.sh installs it).
"""
import hashlib
import json
import os
import sys

from tusclient import client


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    base, token, path = sys.argv[1:]
    with open(path, "rb") as handle:
        sha256 = hashlib.sha256(handle.read()).hexdigest()
    size = os.path.getsize(path)
    tus = client.TusClient(base.rstrip("/") + "/v1/uploads", headers={"Authorization": "Bearer " + token})
    options = dict(chunk_size=256 * 1024, metadata={"sha256": sha256}, upload_checksum=True, retries=0)
    first = tus.uploader(path, **options)
    first.upload(stop_at=size // 2)
    resumed = tus.uploader(path, url=first.url, **options)
    found = resumed.offset
    resumed.upload()
    print(json.dumps({"url": first.url, "resumedAt": found, "offset": resumed.offset, "size": size}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
