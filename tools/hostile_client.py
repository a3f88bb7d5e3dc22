#!/usr/bin/env python3
"""A hostile client against a real, running hobbystory-portal (issue 12, sections 1 and 5).

    hobbystory-portal --data "$DIR" --port 0 &      # prints the URL it listens on
    python3 tools/hostile_client.py http://127.0.0.1:PORT --pid $! --sqlite-file "$DIR/portal.sqlite"

Every attack that once worked on the portal (docs/portal.md "Security", docs/http-server.md
"Limits", docs/sync.md) is a named check here, sent over real sockets, and passes only when the
portal answers as the documentation says:

  upload_length_*          Upload-Length Int64.max from an account already using quota -> 413
                           quota_exceeded; 2^63, 20 digits, -1, 1e3, 0x10, 12abc -> 400; the
                           portal lives on.
  numbers_never_trap       lengths, offsets, limits, cursors, mutation ids, times and Range
                           headers at and past the Int64 edges: never a 5xx, never a dead portal.
  slow_headers             N clients each sending one header byte every 0.5 s are all cut within
                           the header deadline (--header-timeout, default 10 s) + --margin.
  slow_body                (--slow-body) a body trickling at 2 B/s is cut within the 20 s body
                           window + --margin.
  connections_per_client   opening cap+6 idle connections (--connections-per-client, 64; 0:
                           skipped): exactly the extra ones are answered
                           `HTTP/1.1 429` with too_many_connections and closed; the others stay.
  pull_pages_bounded_in_bytes  --records records of 3 x 20 000 characters: every pull page (limit
                           1000) is at most 4 MiB + one record + slack, and following hasMore
                           brings every record exactly once, with its fields intact.
  text_limit_*             "a" + 1 000 000 U+0301 is refused naming its UTF-8 bytes; 20 000
                           four-byte characters (80 000 bytes) are stored; 20 001 ASCII are not.
  zero_length_*            Upload-Length 0 with the SHA-256 of nothing is complete at creation
                           (200, Upload-Offset 0) and downloads as 0 bytes; any other digest: 400.
  mutation_ids_*           ids 0 and -5 rejected; one id twice in a batch -> 400, nothing stored;
                           an unused id below the last applied is applied; its retry: duplicate.
  concurrent_patches       two PATCHes racing at one offset (--race-rounds rounds): never both
                           204; the stored bytes are the acknowledged PATCH's, and the content
                           GET /v1/media/<sha> serves is exactly the declared bytes.
  oversized_chunked_push_* 10 and 25 MiB chunked pushes: the client reads 413 content_too_large
                           (problem JSON) while still sending.
  framing_*                two Content-Lengths (different and equal), Content-Length with
                           chunked (either order), Transfer-Encoding: gzip (and gzip, chunked),
                           Content-Length -1 / abc / 20 digits, and a Content-Length with a space
                           before its colon (RFC 9112 5.1): 4xx or 501 (ambiguous_framing where
                           the server layer refuses it), the connection closed, the request
                           smuggled behind it never answered.
  nul_in_*                 NUL in a text value and in a field name: rejected, and the replay gets
                           the same whole reason.
  tus_patch_9mib           one 9 MiB PATCH -> 204 (the route's limit, not an 8 MiB app cap).
  tus_checksum_*           Upload-Checksum sha1 accepted (and offered by OPTIONS); a wrong sha1 or
                           sha256 -> 460 without moving the offset; an unsupported algorithm 4xx.
  isolation_between_accounts  another account's token cannot see this account's upload, media,
                           pull or history, nor change its records; no or a bad token -> 401.

After all of them: the process (--pid) is alive, GET /health answers 200, a bystander account
made before the attacks pulls exactly what it pulled before (and its media still downloads), no
request of the run was answered 5xx, every answer carried an X-Request-Id (the problem documents
the same id) and, with --log-file, has an access line with its status in the portal's JSON log,
which holds no token, password or query string; the portal's peak resident memory (VmHWM) is at
most --max-rss-mb, and with --sqlite-file `PRAGMA integrity_check` (read-only) answers ok.

Output: one line per check, `PASS name: detail` / `FAIL name: detail` / `SKIP name: why`, then one
JSON line `{"passed":N,"failed":M,"skipped":K,"peakRssMb":X,...}`. Exit status 0 only when every
check that ran passed (1 otherwise, 2 when the run could not start).

Cost and bounds: every socket has a timeout, every loop a bound; a portal that dies mid-run
makes the remaining checks fail at once. It signs up 4 accounts (the portal allows 20 per address
per hour). On two cores against a fresh SQLite portal the default run takes about 20-25 s, 10 s
of it the header deadline; --slow-body adds about 20 s; --skip-slow leaves out the checks that
wait for the portal's deadlines (slow_headers, slow_body) and takes about 10 s (a framing check
that fails waits 5 s for the connection to close). Only the base URL (a
loopback address) is contacted. --seed fixes the generated records, bytes and race patterns
(email addresses stay unique per run, so the script can run again against the same portal).

Standard library only.
"""
import argparse
import base64
import hashlib
import ipaddress
import json
import os
import random
import re
import select
import socket
import sqlite3
import sys
import threading
import time
import urllib.parse
import uuid

INT64_MAX = 2**63 - 1
EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()
MIB = 1 << 20
PULL_PAGE_BYTES = 4 * MIB  # PortalStore.pullPageBytes ("about 4 MiB of fields per page")
PUSH_LIMIT = 8 * MIB  # a push's body limit


# --------------------------------------------------------------------------------------------
# HTTP over raw sockets


class Closed(Exception):
    pass


class Response:
    def __init__(self, status, reason, headers, body, raw_head):
        self.status = status
        self.reason = reason
        self.headers = headers  # lower-case name -> last value
        self.body = body
        self.raw_head = raw_head

    def header(self, name, default=None):
        return self.headers.get(name.lower(), default)

    def json(self):
        try:
            return json.loads(self.body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return None

    def problem_code(self):
        document = self.json()
        return document.get("code") if isinstance(document, dict) else None

    def short(self, limit=300):
        text = self.body[:limit].decode("utf-8", "replace")
        return "%d %s" % (self.status, text)


class Connection:
    """One TCP connection with a read buffer; every operation bounded by the socket timeout."""

    def __init__(self, host, port, timeout=30.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.settimeout(timeout)
        self.buf = bytearray()
        self.eof = False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        if self.eof:
            raise Closed("connection closed")
        try:
            chunk = self.sock.recv(1 << 20)
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            self.eof = True
            raise Closed("connection closed")
        self.buf += chunk

    def read_until(self, marker, limit=1 << 20):
        while True:
            index = self.buf.find(marker)
            if index >= 0:
                out = bytes(self.buf[: index + len(marker)])
                del self.buf[: index + len(marker)]
                return out
            if len(self.buf) > limit:
                raise ValueError("no %r within %d bytes" % (marker, limit))
            self._fill()

    def read_exact(self, count):
        while len(self.buf) < count:
            self._fill()
        out = bytes(self.buf[:count])
        del self.buf[:count]
        return out

    def read_to_eof(self, limit=64 * MIB):
        try:
            while len(self.buf) < limit:
                self._fill()
        except Closed:
            pass
        out = bytes(self.buf)
        self.buf.clear()
        return out

    def read_response(self, method="GET"):
        head = self.read_until(b"\r\n\r\n", limit=256 * 1024)
        lines = head.decode("latin-1").split("\r\n")
        match = re.match(r"HTTP/1\.[01] (\d{3}) ?(.*)", lines[0])
        if not match:
            raise ValueError("not a status line: %r" % lines[0][:80])
        status = int(match.group(1))
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "chunked" in headers.get("transfer-encoding", "").lower():
            parts = []
            for _ in range(1_000_000):
                size_line = self.read_until(b"\r\n", limit=4096)
                size = int(size_line.split(b";")[0].strip(), 16)
                if size == 0:
                    while self.read_until(b"\r\n", limit=65536) != b"\r\n":
                        pass
                    break
                parts.append(self.read_exact(size))
                self.read_exact(2)
            body = b"".join(parts)
        elif "content-length" in headers:
            body = self.read_exact(int(headers["content-length"]))
        else:
            body = self.read_to_eof()
        return Response(status, match.group(2), headers, body, head)

    def closed_within(self, seconds):
        """True when the peer closes (EOF or reset) within `seconds`; extra bytes are returned."""
        deadline = time.monotonic() + seconds
        extra = bytearray(self.buf)
        self.buf.clear()
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return False, bytes(extra)
            except OSError:
                return True, bytes(extra)
            if not chunk:
                return True, bytes(extra)
            extra += chunk
        return False, bytes(extra)


class Portal:
    def __init__(self, base, timeout):
        parsed = urllib.parse.urlsplit(base)
        if parsed.scheme != "http" or not parsed.hostname:
            raise SystemExit("the base URL must be http://HOST:PORT")
        try:
            loopback = ipaddress.ip_address(parsed.hostname).is_loopback
        except ValueError:
            loopback = parsed.hostname == "localhost"
        if not loopback:
            raise SystemExit("refusing a base URL that is not on a loopback address: %s" % base)
        self.host = "127.0.0.1" if parsed.hostname == "localhost" else parsed.hostname
        self.port = parsed.port or 80
        self.timeout = timeout
        self.exchanges = []  # (method, path, status, X-Request-Id, the problem's requestId or None)
        self.lock = threading.Lock()

    def connect(self, timeout=None):
        return Connection(self.host, self.port, timeout or self.timeout)

    def head_bytes(self, method, path, headers=None, body_length=None, token=None, close=True):
        lines = ["%s %s HTTP/1.1" % (method, path), "Host: %s:%d" % (self.host, self.port),
                 "User-Agent: hobbystory-hostile-client"]
        if token:
            lines.append("Authorization: Bearer " + token)
        for name, value in (headers or {}).items():
            lines.append("%s: %s" % (name, value))
        if body_length is not None:
            lines.append("Content-Length: %d" % body_length)
        if close:
            lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")

    def request(self, method, path, headers=None, body=None, token=None, timeout=None):
        if body is None and method in ("POST", "PUT", "PATCH"):
            body = b""
        connection = self.connect(timeout)
        try:
            connection.send(self.head_bytes(method, path, headers, None if body is None else len(body), token))
            if body:
                connection.send(body)
            answer = connection.read_response(method)
        finally:
            connection.close()
        problem = answer.json() if answer.header("content-type", "").startswith("application/problem+json") else None
        with self.lock:
            self.exchanges.append((method, path, answer.status, answer.header("x-request-id"),
                                   problem.get("requestId", "") if isinstance(problem, dict) else None))
        return answer

    def json_request(self, method, path, document, token=None, headers=None, timeout=None):
        body = json.dumps(document, ensure_ascii=False).encode("utf-8")
        all_headers = {"Content-Type": "application/json"}
        all_headers.update(headers or {})
        return self.request(method, path, all_headers, body, token, timeout)


# --------------------------------------------------------------------------------------------
# Accounts, records and uploads


class Session:
    def __init__(self, portal, email, password, token, device, account):
        self.portal = portal
        self.email = email
        self.password = password
        self.token = token
        self.device = device
        self.account = account
        self.next_mutation = 1

    def take_ids(self, count):
        first = self.next_mutation
        self.next_mutation += count
        return list(range(first, first + count))

    def new_device(self, rng):
        return sign_in(self.portal, self.email, self.password, rng)


def sign_up(portal, email, password):
    answer = portal.json_request("POST", "/v1/accounts", {"email": email, "password": password})
    if answer.status != 201:
        raise RuntimeError("sign-up of %s refused: %s" % (email, answer.short()))


def sign_in(portal, email, password, rng):
    device = str(random_uuid(rng))
    answer = portal.json_request(
        "POST", "/v1/sessions", {"email": email, "password": password, "deviceId": device, "deviceName": "hostile"})
    document = answer.json()
    if answer.status not in (200, 201) or not isinstance(document, dict) or "token" not in document:
        raise RuntimeError("sign-in of %s refused: %s" % (email, answer.short()))
    session = Session(portal, email, password, document["token"], device, document.get("accountId"))
    session.next_mutation = int(document.get("lastMutationId", 0)) + 1
    return session


def random_uuid(rng):
    return uuid.UUID(int=rng.getrandbits(128), version=4)


def catch_mutation(mutation_id, record, fields=None, operation="upsert", modified_at=1_780_000_000_000, base_seq=0):
    all_fields = {"id": str(record).lower(), "species_id": "esox-lucius"}
    all_fields.update(fields or {})
    mutation = {"mutationId": mutation_id, "kind": "catch", "id": str(record).upper(), "operation": operation,
                "modifiedAt": modified_at, "baseSeq": base_seq}
    mutation["fields"] = all_fields if operation == "upsert" else None
    return mutation


def push(session, mutations, timeout=None):
    return session.portal.json_request("POST", "/v1/sync/push", {"mutations": mutations}, session.token,
                                       timeout=timeout)


def pushed_results(session, mutations):
    answer = push(session, mutations)
    document = answer.json()
    if answer.status != 200 or not isinstance(document, dict):
        raise AssertionError("push answered %s" % answer.short())
    return document["results"]


def pull_all(session, limit=500, max_pages=500):
    """Every page from the start: (changes, pages as (byte length, change count, hasMore), last cursor)."""
    cursor = ""
    changes = []
    pages = []
    for _ in range(max_pages):
        answer = session.portal.request(
            "GET", "/v1/sync/pull?cursor=%s&limit=%d" % (urllib.parse.quote(cursor), limit), token=session.token)
        document = answer.json()
        if answer.status != 200 or not isinstance(document, dict):
            raise AssertionError("pull answered %s" % answer.short())
        changes += document["changes"]
        pages.append((len(answer.body), len(document["changes"]), document["hasMore"]))
        cursor = document["cursor"]
        if not document["hasMore"]:
            return changes, pages, cursor
    raise AssertionError("pull did not end within %d pages" % max_pages)


def tus_headers(extra=None):
    headers = {"Tus-Resumable": "1.0.0"}
    headers.update(extra or {})
    return headers


def create_upload(session, length, sha256_hex, token=None):
    metadata = "sha256 " + base64.b64encode(sha256_hex.encode()).decode()
    return session.portal.request(
        "POST", "/v1/uploads", tus_headers({"Upload-Length": str(length), "Upload-Metadata": metadata}),
        token=token or session.token)


def upload_path(answer):
    location = answer.header("location")
    if not location:
        raise AssertionError("creation gave no Location: %s" % answer.short())
    return urllib.parse.urlsplit(location).path


def patch_upload(session, path, offset, data, checksum=None, token=None, timeout=None):
    headers = tus_headers({"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"})
    if checksum:
        headers["Upload-Checksum"] = checksum
    return session.portal.request("PATCH", path, headers, data, token or session.token, timeout)


def upload_whole(session, data):
    sha = hashlib.sha256(data).hexdigest()
    created = create_upload(session, len(data), sha)
    if created.status == 200:
        return sha
    if created.status != 201:
        raise AssertionError("upload creation answered %s" % created.short())
    answer = patch_upload(session, upload_path(created), 0, data)
    if answer.status != 204:
        raise AssertionError("PATCH answered %s" % answer.short())
    return sha


def get_media(session, sha, token=None, headers=None):
    return session.portal.request("GET", "/v1/media/" + sha, headers, token=token or session.token, timeout=60)


# --------------------------------------------------------------------------------------------
# The run


class Run:
    def __init__(self, options):
        self.options = options
        self.portal = Portal(options.base, options.timeout)
        self.rng = random.Random(options.seed)
        self.results = []
        self.started = time.monotonic()
        self.log_offset = os.path.getsize(options.log_file) if options.log_file else 0

    def record(self, outcome, name, detail):
        self.results.append((outcome, name))
        print("%s %s: %s" % (outcome, name, detail), flush=True)

    def check(self, name, function, *arguments):
        started = time.monotonic()
        try:
            detail = function(*arguments)
        except AssertionError as failure:
            self.record("FAIL", name, "%s (%.1f s)" % (failure, time.monotonic() - started))
            return False
        except Exception as error:  # a dropped connection, a timeout: the check failed
            self.record("FAIL", name, "%s: %s (%.1f s)" % (type(error).__name__, error, time.monotonic() - started))
            return False
        self.record("PASS", name, "%s (%.1f s)" % (detail or "ok", time.monotonic() - started))
        return True

    def skip(self, name, why):
        self.results.append(("SKIP", name))
        print("SKIP %s: %s" % (name, why), flush=True)

    def health_ok(self):
        try:
            return self.portal.request("GET", "/health", timeout=10).status == 200
        except Exception:
            return False

    def assert_alive(self, what):
        if not self.health_ok():
            raise AssertionError("the portal stopped answering GET /health after %s" % what)

    # ---------------------------------------------------------------- setup

    def setup(self):
        run_tag = "%d-%s" % (self.options.seed, os.urandom(4).hex())
        self.password = "correct horse battery " + run_tag
        self.sessions = {}
        for name in ("bystander", "mallory", "eve", "pager"):
            email = "hostile-%s-%s@example.org" % (name, run_tag)
            sign_up(self.portal, email, self.password)
            self.sessions[name] = sign_in(self.portal, email, self.password, self.rng)
        bystander = self.sessions["bystander"]
        self.bystander_records = [random_uuid(self.rng) for _ in range(5)]
        mutations = [catch_mutation(mid, record, {"notes": "bystander catch %d, ünïcödé 🎣" % index, "weight_g": 1000 + index})
                     for index, (mid, record) in enumerate(zip(bystander.take_ids(5), self.bystander_records))]
        mutations.append(catch_mutation(bystander.take_ids(1)[0], self.bystander_records[4], operation="delete",
                                        modified_at=1_780_000_100_000))
        results = pushed_results(bystander, mutations)
        if [result["status"] for result in results] != ["applied"] * 6:
            raise RuntimeError("the bystander's push was not applied: %s" % results)
        self.bystander_media = bytes(self.rng.getrandbits(8) for _ in range(70_000))
        self.bystander_sha = upload_whole(bystander, self.bystander_media)
        self.bystander_before, _, self.bystander_cursor = pull_all(bystander)
        if len(self.bystander_before) != 5:
            raise RuntimeError("the bystander pulled %d records, not 5" % len(self.bystander_before))

    # ---------------------------------------------------------------- 1. overflow

    def check_upload_length_int64_max(self):
        mallory = self.sessions["mallory"]
        small = create_upload(mallory, 1000, "a" * 64)
        assert small.status == 201, "a 1000-byte upload (to use some quota) answered %s" % small.short()
        huge = create_upload(mallory, INT64_MAX, "b" * 64)
        self.assert_alive("Upload-Length %d" % INT64_MAX)
        assert huge.status == 413 and huge.problem_code() == "quota_exceeded", \
            "Upload-Length Int64.max answered %s" % huge.short()
        return "413 quota_exceeded with 1000 bytes in use; /health still 200"

    def check_upload_length_past_int64(self):
        mallory = self.sessions["mallory"]
        seen = []
        for value in ("9223372036854775808", "99999999999999999999", "-1", "1e3", "0x10", "12abc"):
            answer = create_upload(mallory, value, "c" * 64)
            seen.append("%s->%d" % (value, answer.status))
            assert answer.status == 400, "Upload-Length %r answered %s" % (value, answer.short())
        self.assert_alive("Upload-Length past Int64")
        return ", ".join(seen)

    def check_numbers_never_trap(self):
        mallory = self.sessions["mallory"]
        device = mallory.new_device(self.rng)
        data = b"numbers" * 100
        sha = upload_whole(mallory, data)
        created = create_upload(mallory, 5000, "e" * 64)
        assert created.status == 201, created.short()
        path = upload_path(created)
        attempts = []

        def expect(what, answer, allowed):
            attempts.append("%s->%d" % (what, answer.status))
            if answer.status >= 500 or answer.status not in allowed:
                raise AssertionError("%s answered %s (allowed %s)" % (what, answer.short(), sorted(allowed)))

        for offset in ("9223372036854775807", "9223372036854775808", "-1", "-9223372036854775808"):
            answer = patch_upload(mallory, path, offset, b"x" * 10)
            expect("PATCH Upload-Offset %s" % offset, answer, {400, 409})
        for limit in ("9223372036854775807", "99999999999999999999", "-1", "0", "-9223372036854775808", "1e3"):
            answer = self.portal.request("GET", "/v1/sync/pull?cursor=&limit=" + limit, token=mallory.token)
            expect("pull limit=%s" % limit, answer, {400})
        for cursor in ("v1.9223372036854775807", "v1.99999999999999999999", "v1.-1", "v1.full.9223372036854775807",
                       "v2.0", "v1.%00"):
            answer = self.portal.request("GET", "/v1/sync/pull?limit=10&cursor=" + cursor, token=mallory.token)
            expect("pull cursor=%s" % cursor, answer, {400})
        for query in ("before=9223372036854775807", "before=-9223372036854775808", "before=99999999999999999999",
                      "limit=9223372036854775807", "limit=-1"):
            answer = self.portal.request("GET", "/v1/history?" + query, token=mallory.token)
            expect("history %s" % query, answer, {200, 400})
        size = len(data)
        for value, allowed in (("bytes=9223372036854775807-", {416}), ("bytes=0-9223372036854775807", {206}),
                               ("bytes=-9223372036854775807", {206}), ("bytes=-9223372036854775808", {200, 206, 416}),
                               ("bytes=9223372036854775806-9223372036854775807", {416}),
                               ("bytes=99999999999999999999-", {200, 416}), ("bytes=%d-" % size, {416}),
                               ("bytes=5-2", {200, 416})):
            answer = get_media(mallory, sha, headers={"Range": value})
            expect("Range %s" % value, answer, allowed)
            if answer.status == 206:
                assert answer.body == data, "Range %s served %d bytes, not the whole %d" % (value, len(answer.body), size)
        record = random_uuid(self.rng)
        for mutation in (catch_mutation(INT64_MAX, record), catch_mutation(INT64_MAX - 1, record, modified_at=INT64_MAX),
                         catch_mutation(INT64_MAX - 2, record, modified_at=-INT64_MAX - 1, base_seq=INT64_MAX),
                         catch_mutation(INT64_MAX - 3, random_uuid(self.rng), {"weight_g": 9223372036854775807}),
                         catch_mutation(INT64_MAX - 4, random_uuid(self.rng), {"weight_g": -1e308})):
            answer = push(device, [mutation])
            expect("push mutationId %d modifiedAt %d baseSeq %d" % (mutation["mutationId"], mutation["modifiedAt"],
                                                                   mutation["baseSeq"]), answer, {200, 400})
        body = ('{"mutations":[{"mutationId":99999999999999999999,"kind":"catch","id":"%s","operation":"upsert",'
                '"modifiedAt":1e400,"baseSeq":0,"fields":{"weight_g":1e400}}]}' % record).encode()
        answer = self.portal.request("POST", "/v1/sync/push", {"Content-Type": "application/json"}, body, device.token)
        expect("push with 20-digit mutationId and 1e400", answer, {400})
        self.assert_alive("numbers at the Int64 edges")
        return "%d requests, no 5xx (%s ...)" % (len(attempts), "; ".join(attempts[:4]))

    # ---------------------------------------------------------------- 2. slow and greedy clients

    def check_slow_headers(self):
        count = self.options.slow_clients
        deadline = self.options.header_timeout
        bound = deadline + self.options.margin
        head = ("GET /health HTTP/1.1\r\nHost: a\r\nX-Padding: " + "p" * 400).encode()
        sockets = []
        try:
            for _ in range(count):
                sock = socket.create_connection((self.portal.host, self.portal.port), timeout=5)
                sock.setblocking(False)
                sockets.append([sock, time.monotonic(), 0, None, b""])  # socket, opened, sent, closed after, read
            give_up = time.monotonic() + bound + 5
            while time.monotonic() < give_up and any(entry[3] is None for entry in sockets):
                for entry in sockets:
                    sock, opened, sent, closed, got = entry
                    if closed is not None:
                        continue
                    try:
                        chunk = sock.recv(4096)
                        if not chunk:
                            entry[3] = time.monotonic() - opened
                            continue
                        entry[4] += chunk
                    except BlockingIOError:
                        pass
                    except OSError:
                        entry[3] = time.monotonic() - opened
                        continue
                    if sent < len(head) and time.monotonic() - opened >= sent * 0.5:
                        try:
                            sock.send(head[sent:sent + 1])
                            entry[2] += 1
                        except (BlockingIOError, InterruptedError):
                            pass
                        except OSError:
                            entry[3] = time.monotonic() - opened
                time.sleep(0.05)
        finally:
            for entry in sockets:
                entry[0].close()
        durations = sorted(entry[3] for entry in sockets if entry[3] is not None)
        still_open = sum(1 for entry in sockets if entry[3] is None)
        answered = [entry[4][:40] for entry in sockets if entry[4]]
        summary = "%d clients, closed after %s s" % (count, ", ".join("%.1f" % d for d in durations))
        assert still_open == 0, "%d of %d slow clients still open after %.0f s; %s" % (still_open, count, bound + 5, summary)
        assert durations[-1] <= bound, "the last closed after %.1f s > %.1f s; %s" % (durations[-1], bound, summary)
        assert durations[0] >= min(3.0, deadline / 2), "cut before sending a meaningful part: %s" % summary
        assert not any(b" 200 " in got for got in answered), "a slow client was served: %r" % answered
        self.assert_alive("slow headers")
        return summary + (("; answered %r" % answered[0]) if answered else "; no answer bytes")

    def check_slow_body(self):
        mallory = self.sessions["mallory"]
        window = self.options.body_window
        bound = window + self.options.margin + 2
        connection = self.portal.connect(timeout=5)
        try:
            connection.send(self.portal.head_bytes(
                "POST", "/v1/sync/push", {"Content-Type": "application/json"}, 100_000, mallory.token, close=False))
            body_started = time.monotonic()
            sent = 0
            closed_after = None
            got = b""
            connection.sock.settimeout(0.5)
            while time.monotonic() - body_started < bound + 5:
                try:
                    connection.sock.send(b" ")
                    sent += 1
                except OSError:
                    closed_after = time.monotonic() - body_started
                    break
                try:
                    chunk = connection.sock.recv(65536)
                    if not chunk:
                        closed_after = time.monotonic() - body_started
                        break
                    got += chunk
                except socket.timeout:
                    pass
                except OSError:
                    closed_after = time.monotonic() - body_started
                    break
        finally:
            connection.close()
        assert closed_after is not None, "a body at 2 B/s was not cut within %.0f s (%d bytes sent)" % (bound + 5, sent)
        assert closed_after <= bound, "cut only after %.1f s > %.1f s" % (closed_after, bound)
        assert closed_after >= window / 2, "cut after %.1f s, before a rate window of %.0f s passed: %r" % (
            closed_after, window, got[:80])
        assert b"HTTP/1.1 2" not in got, "a trickling push was answered %r" % got[:80]
        self.assert_alive("a slow body")
        return "2 B/s body cut after %.1f s (%d bytes sent)%s" % (
            closed_after, sent, "; answered %r" % got.split(b"\r\n")[0] if got else "; no answer")

    def check_connections_per_client(self):
        cap = self.options.connections_per_client
        extra = 6
        total = cap + extra
        time.sleep(0.5)  # let earlier connections be reaped
        sockets = []
        try:
            for _ in range(total):
                sockets.append(socket.create_connection((self.portal.host, self.portal.port), timeout=5))
            received = [bytearray() for _ in sockets]
            closed = [False] * total
            settle = time.monotonic() + 3.0
            while time.monotonic() < settle:
                open_sockets = [s for index, s in enumerate(sockets) if not closed[index]]
                readable, _, _ = select.select(open_sockets, [], [], 0.2)
                for sock in readable:
                    index = sockets.index(sock)
                    try:
                        chunk = sock.recv(65536)
                    except OSError:
                        chunk = b""
                    if chunk:
                        received[index] += chunk
                    else:
                        closed[index] = True
            refused = [index for index in range(total) if received[index].startswith(b"HTTP/1.1 429")]
            coded = [index for index in refused if b"too_many_connections" in received[index]]
            other = [bytes(received[index][:60]) for index in range(total)
                     if received[index] and index not in refused]
            quiet_open = [index for index in range(total) if not received[index] and not closed[index]]
            closed_429 = [index for index in refused if closed[index]]
            detail = "%d connections: %d answered 429 (%d with too_many_connections, %d closed), %d idle and open" % (
                total, len(refused), len(coded), len(closed_429), len(quiet_open))
            assert not other, "unexpected answers: %r; %s" % (other[:3], detail)
            assert len(refused) == extra, "expected exactly %d answered 429; %s" % (extra, detail)
            assert len(coded) == extra and len(closed_429) == extra, detail
            assert len(quiet_open) == cap, "expected the first %d to stay open; %s" % (cap, detail)
        finally:
            for sock in sockets:
                sock.close()
        for _ in range(40):  # the cap is given back once the portal notices the closes
            if self.health_ok():
                break
            time.sleep(0.25)
        else:
            raise AssertionError("GET /health failed after the idle connections closed")
        return detail

    # ---------------------------------------------------------------- 3. pull pages in bytes

    def check_pull_pages_bounded(self):
        pager = self.sessions["pager"]
        count = self.options.records
        alphabet = "abcdefghijklmnopqrstuvwxyz ÅÄÖ"
        expected = {}
        records = []
        for _ in range(count):
            record = random_uuid(self.rng)
            seed_text = "".join(self.rng.choice(alphabet) for _ in range(64))
            fields = {name: (seed_text * 313)[:20_000] + "" for name in ("notes", "notes_b", "notes_c")}
            fields["notes_b"] = fields["notes_b"][::-1]
            records.append((record, fields))
            expected[str(record).lower()] = fields
        per_push = 25  # 25 x ~64 kB of JSON: well under the 8 MiB push limit
        for start in range(0, count, per_push):
            batch = records[start:start + per_push]
            mutations = [catch_mutation(mid, record, fields) for mid, (record, fields) in zip(pager.take_ids(len(batch)), batch)]
            results = pushed_results(pager, mutations)
            statuses = {result["status"] for result in results}
            assert statuses == {"applied"}, "push of large records answered %s" % [
                (r["status"], r.get("reason")) for r in results if r["status"] != "applied"][:2]
        record_bytes = max(len(json.dumps(fields, ensure_ascii=False).encode()) for fields in expected.values())
        bound = PULL_PAGE_BYTES + record_bytes + 64 * 1024
        changes, pages, _ = pull_all(pager, limit=1000)
        ids = [change["id"].lower() for change in changes]
        too_big = [(index, size) for index, (size, _, _) in enumerate(pages) if size > bound]
        detail = "%d records of %d bytes of fields, %d pages of %s bytes (bound %d)" % (
            count, record_bytes, len(pages), "/".join(str(size) for size, _, _ in pages), bound)
        assert not too_big, "pages over the bound: %s; %s" % (too_big, detail)
        assert count * record_bytes <= PULL_PAGE_BYTES or len(pages) >= 2, "everything came in one page; " + detail
        assert len(ids) == len(set(ids)), "%d records came twice; %s" % (len(ids) - len(set(ids)), detail)
        assert set(ids) == set(expected), "%d missing, %d unexpected; %s" % (
            len(set(expected) - set(ids)), len(set(ids) - set(expected)), detail)
        for change in changes:
            fields = change["fields"]
            want = expected[change["id"].lower()]
            for name in ("notes", "notes_b", "notes_c"):
                assert fields.get(name) == want[name], "record %s came back with %s changed" % (change["id"], name)
        seqs = [change["seq"] for change in changes]
        assert seqs == sorted(seqs), "pages out of sequence order"
        return detail

    # ---------------------------------------------------------------- 4. text limits

    def check_text_limit_in_bytes(self):
        mallory = self.sessions["mallory"]
        heavy = "a" + "\u0301" * 1_000_000
        record = random_uuid(self.rng)
        results = pushed_results(mallory, [catch_mutation(mallory.take_ids(1)[0], record, {"notes": heavy})])
        result = results[0]
        assert result["status"] == "rejected", "a 2 MB one-character text was %s" % result["status"]
        reason = result.get("reason") or ""
        assert "bytes" in reason and "notes" in reason, "the reason does not name bytes: %r" % reason
        changes, _, _ = pull_all(mallory)
        assert str(record).lower() not in {c["id"].lower() for c in changes}, "the refused record was stored"
        return "rejected: %r" % reason

    def check_text_limit_edges(self):
        mallory = self.sessions["mallory"]
        fits, long_ascii = random_uuid(self.rng), random_uuid(self.rng)
        ids = mallory.take_ids(2)
        results = pushed_results(mallory, [catch_mutation(ids[0], fits, {"notes": "🎣" * 20_000}),
                                           catch_mutation(ids[1], long_ascii, {"notes": "a" * 20_001})])
        assert results[0]["status"] == "applied", "20 000 four-byte characters (80 000 bytes): %s" % results[0]
        assert results[1]["status"] == "rejected", "20 001 characters: %s" % results[1]
        changes, _, _ = pull_all(mallory)
        stored = {c["id"].lower(): c for c in changes}
        assert stored[str(fits).lower()]["fields"]["notes"] == "🎣" * 20_000, "the 80 000-byte text changed"
        return "80 000 bytes stored whole; 20 001 characters rejected: %r" % results[1].get("reason")

    # ---------------------------------------------------------------- 5. zero-length uploads

    def check_zero_length_upload(self):
        mallory = self.sessions["mallory"]
        created = create_upload(mallory, 0, EMPTY_SHA256)
        assert created.status == 200, "creation of a zero-length upload answered %s" % created.short()
        assert created.header("upload-offset") == "0", "Upload-Offset %r" % created.header("upload-offset")
        media = get_media(mallory, EMPTY_SHA256)
        assert media.status == 200 and media.body == b"", "GET of the empty content answered %s (%d bytes)" % (
            media.status, len(media.body))
        assert media.header("content-length") in ("0", None), "Content-Length %r" % media.header("content-length")
        again = create_upload(mallory, 0, EMPTY_SHA256)
        assert again.status == 200, "a second zero-length upload answered %s" % again.short()
        return "200 Upload-Offset 0 at creation, GET serves 0 bytes"

    def check_zero_length_wrong_digest(self):
        mallory = self.sessions["mallory"]
        seen = []
        for digest in ("d" * 64, hashlib.sha256(b"x").hexdigest()):
            answer = create_upload(mallory, 0, digest)
            seen.append(answer.status)
            assert answer.status == 400, "a zero-length upload declaring %s answered %s" % (digest[:8], answer.short())
            assert media_missing(get_media(mallory, digest)), "the wrong digest became content"
        return "400 (%s)" % seen

    # ---------------------------------------------------------------- 6. mutation ids

    def mutation_setup(self):
        if not hasattr(self, "ids_device"):
            self.ids_device = self.sessions["mallory"].new_device(self.rng)
        return self.ids_device

    def check_mutation_ids_non_positive(self):
        device = self.mutation_setup()
        zero, negative = random_uuid(self.rng), random_uuid(self.rng)
        results = pushed_results(device, [catch_mutation(0, zero), catch_mutation(-5, negative)])
        by_id = {result["mutationId"]: result for result in results}  # matched by id, as the device does
        assert len(results) == 2 and set(by_id) == {0, -5}, "one result each for ids 0 and -5: %s" % results
        assert all(result["status"] == "rejected" for result in results), "ids 0 and -5 answered %s" % results
        assert all("positive" in (result.get("reason") or "") for result in results), "reasons: %s" % results
        changes, _, _ = pull_all(device)
        stored = {c["id"].lower() for c in changes}
        assert str(zero).lower() not in stored and str(negative).lower() not in stored, "a non-positive id was stored"
        return "rejected: %r, %r" % (by_id[0].get("reason"), by_id[-5].get("reason"))

    def check_mutation_id_repeated_in_batch(self):
        device = self.mutation_setup()
        first, second = random_uuid(self.rng), random_uuid(self.rng)
        answer = push(device, [catch_mutation(3, first), catch_mutation(3, second)])
        assert answer.status == 400, "one id twice in a batch answered %s" % answer.short()
        changes, _, _ = pull_all(device)
        stored = {c["id"].lower() for c in changes}
        assert str(first).lower() not in stored and str(second).lower() not in stored, "part of the batch was stored"
        return "400 %s, nothing stored" % answer.problem_code()

    def check_mutation_id_gap_applied(self):
        device = self.mutation_setup()
        later, gap = random_uuid(self.rng), random_uuid(self.rng)
        self.gap_record = gap
        ten = pushed_results(device, [catch_mutation(10, later)])
        assert ten[0]["status"] == "applied", "id 10 answered %s" % ten
        five = pushed_results(device, [catch_mutation(5, gap, {"notes": "in the gap"})])
        assert five[0]["status"] == "applied", "an unused id 5 below the last applied 10 answered %s" % five
        changes, _, _ = pull_all(device)
        stored = {c["id"].lower() for c in changes}
        assert {str(later).lower(), str(gap).lower()} <= stored, "the records of ids 10 and 5 are not both stored"
        return "id 10 applied, then unused id 5 applied (seq %s)" % five[0].get("seq")

    def check_mutation_id_retry_duplicate(self):
        device = self.mutation_setup()
        assert hasattr(self, "gap_record"), "needs mutation_id_gap_applied"
        again = pushed_results(device, [catch_mutation(5, self.gap_record, {"notes": "in the gap"})])
        assert again[0]["status"] == "duplicate", "the retry of id 5 answered %s" % again
        current = again[0].get("current") or {}
        assert (current.get("fields") or {}).get("notes") == "in the gap", "duplicate without the record: %s" % again
        other = pushed_results(device, [catch_mutation(5, random_uuid(self.rng), {"notes": "different"})])
        assert other[0]["status"] == "renumber", "a different change under used id 5 answered %s" % other
        return "retry duplicate with the stored record; a different change under it: renumber"

    # ---------------------------------------------------------------- 7. racing PATCHes

    def check_concurrent_patches(self):
        mallory = self.sessions["mallory"]
        rounds = self.options.race_rounds
        half = 150_000
        both_acknowledged = []
        summary = {"declared": 0, "other": 0, "none": 0}
        for round_number in range(rounds):
            declared = bytes([round_number & 0xFF]) + self.rng.randbytes(2 * half - 1)
            same = round_number % 3 == 2  # every third round both send the declared bytes (double append)
            other = declared[:half] if same else bytes([round_number & 0xFF]) + self.rng.randbytes(half - 1)
            sha = hashlib.sha256(declared).hexdigest()
            created = create_upload(mallory, len(declared), sha)
            assert created.status == 201, "round %d: creation answered %s" % (round_number, created.short())
            path = upload_path(created)
            bodies = [declared[:half], other]
            answers = [None, None]
            barrier = threading.Barrier(2, timeout=20)

            def race(index):
                connection = self.portal.connect(timeout=30)
                try:
                    body = bodies[index]
                    head = self.portal.head_bytes("PATCH", path, tus_headers({
                        "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}), len(body),
                        mallory.token)
                    if round_number % 2:
                        connection.send(head + body[:-1])
                        barrier.wait()
                        connection.send(body[-1:])
                    else:
                        barrier.wait()
                        connection.send(head + body)
                    answers[index] = connection.read_response("PATCH")
                except Exception as error:
                    answers[index] = error
                finally:
                    connection.close()

            threads = [threading.Thread(target=race, args=(index,)) for index in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(40)
            assert not any(thread.is_alive() for thread in threads), "round %d: a PATCH hung" % round_number
            statuses = [answer.status if isinstance(answer, Response) else repr(answer) for answer in answers]
            for answer in answers:
                if isinstance(answer, Response):
                    assert answer.status < 500, "round %d: %s" % (round_number, answer.short())
            winners = [index for index, answer in enumerate(answers) if isinstance(answer, Response) and answer.status == 204]
            if len(winners) == 2:
                both_acknowledged.append((round_number, statuses))
                continue
            head = self.portal.request("HEAD", path, tus_headers(), token=mallory.token)
            offset = head.header("upload-offset")
            if not winners:
                summary["none"] += 1
                assert head.status == 200 and offset == "0", "round %d: no PATCH acknowledged (%s) but HEAD says %s" % (
                    round_number, statuses, offset)
                continue
            assert head.status == 200 and offset == str(half), "round %d: one PATCH acknowledged (%s), HEAD offset %r" % (
                round_number, statuses, offset)
            rest = patch_upload(mallory, path, half, declared[half:])
            media = get_media(mallory, sha)
            declared_won = winners[0] == 0 or same
            if declared_won:
                summary["declared"] += 1
                assert rest.status == 204, "round %d: the declared bytes won (%s) but the rest answered %s" % (
                    round_number, statuses, rest.short())
                assert media.status == 200 and media.body == declared, \
                    "round %d: stored content is %d bytes, sha %s, not the declared bytes" % (
                        round_number, len(media.body), hashlib.sha256(media.body).hexdigest()[:12])
            else:
                summary["other"] += 1
                assert rest.status == 460, "round %d: other bytes won (%s); completing answered %s, not 460" % (
                    round_number, statuses, rest.short())
                assert media_missing(media), "round %d: content stored from the wrong bytes: %s" % (round_number, media.status)
        assert not both_acknowledged, "both PATCHes at offset 0 acknowledged in rounds %s" % both_acknowledged
        return "%d rounds; winner declared %d, other %d (then 460), none %d; never both 204" % (
            rounds, summary["declared"], summary["other"], summary["none"])

    # ---------------------------------------------------------------- 8. oversized chunked pushes

    def chunked_push(self, size):
        mallory = self.sessions["mallory"]
        connection = self.portal.connect(timeout=30)
        sock = connection.sock
        head = self.portal.head_bytes("POST", "/v1/sync/push", {
            "Content-Type": "application/json", "Transfer-Encoding": "chunked"}, None, mallory.token)
        chunk_size = 64 * 1024
        piece = b"%x\r\n" % chunk_size + b'{"mutations":[' + b" " * (chunk_size - 14) + b"\r\n"
        pending = bytearray(head)
        body_sent = 0
        finished_sending = False
        received = bytearray()
        response = None
        error = None
        deadline = time.monotonic() + 60
        sock.setblocking(False)
        try:
            while time.monotonic() < deadline and response is None:
                if not pending and not finished_sending:
                    if body_sent < size:
                        pending += piece
                        body_sent += chunk_size
                    else:
                        pending += b"0\r\n\r\n"
                        finished_sending = True
                want_write = [sock] if pending else []
                readable, writable, _ = select.select([sock], want_write, [], 0.5)
                if readable:
                    try:
                        chunk = sock.recv(65536)
                    except (BlockingIOError, InterruptedError):
                        chunk = None
                    except OSError as failure:
                        error = failure
                        break
                    if chunk == b"":
                        break
                    if chunk:
                        received += chunk
                        end = received.find(b"\r\n\r\n")
                        if end >= 0:
                            length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", bytes(received[:end]))
                            if length and len(received) >= end + 4 + int(length.group(1)):
                                response = bytes(received)
                if writable and pending and response is None:
                    try:
                        sent = sock.send(pending[:256 * 1024])
                        del pending[:sent]
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError as failure:
                        error = failure
                        # the peer may have answered before resetting: read what is there
                        try:
                            sock.setblocking(True)
                            sock.settimeout(1)
                            while True:
                                more = sock.recv(65536)
                                if not more:
                                    break
                                received += more
                        except OSError:
                            pass
                        break
        finally:
            connection.close()
        on_wire = body_sent - len(pending)
        if response is None and received:
            response = bytes(received)
        return response, on_wire, error

    def check_oversized_chunked_push(self, size):
        response, sent, error = self.chunked_push(size)
        assert response, "no answer after sending %.1f MiB (%s)" % (max(sent, 0) / MIB, error)
        head, _, body = response.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n")[0].decode("latin-1")
        assert status_line.startswith("HTTP/1.1 413"), "answered %r after %.1f MiB" % (status_line, sent / MIB)
        try:
            problem = json.loads(body.decode())
        except ValueError:
            raise AssertionError("the 413 has no problem JSON: %r" % body[:120])
        assert problem.get("code") == "content_too_large", "problem %r" % problem
        assert b"application/problem+json" in head.lower(), "Content-Type is not problem+json: %r" % head
        assert sent >= PUSH_LIMIT - 1024 * 1024, "answered 413 after only %.1f MiB" % (sent / MIB)
        self.assert_alive("an oversized chunked push")
        return "413 content_too_large read after %.1f MiB sent" % (sent / MIB)

    # ---------------------------------------------------------------- 9. framing

    SMUGGLED = b"GET /health?smuggled=1 HTTP/1.1\r\nHost: a\r\n\r\n"

    def framing_exchange(self, raw):
        connection = self.portal.connect(timeout=10)
        try:
            connection.send(raw)
            closed, answer = connection.closed_within(5.0)
        finally:
            connection.close()
        return closed, answer

    def check_framing(self, framing, allowed, code=None, repeated_ok=False, body=b"0\r\n\r\n", target="push"):
        """`framing` (header lines) on a request followed by `body` and a smuggled GET /health.

        The request goes to a route that would take it if its framing were read one way: a push
        with a valid token, or GET /health (which ignores any body). The portal must answer it
        with one of `allowed` (and the problem `code`), close the connection, and never answer the
        smuggled request. `repeated_ok`: libmicrohttpd 0.9.75 writes its own 400/413 for a
        Content-Length it cannot read twice (documented in docs/http-server.md)."""
        if target == "push":
            head = ("POST /v1/sync/push HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer %s\r\n"
                    "Content-Type: application/json\r\n" % self.sessions["mallory"].token)
        else:
            head = "GET /health HTTP/1.1\r\nHost: a\r\n"
        closed, answer = self.framing_exchange((head + framing + "\r\n").encode("latin-1") + body + self.SMUGGLED)
        text = answer.decode("latin-1")
        statuses = re.findall(r"HTTP/1\.[01] (\d{3})", text)
        codes = re.findall(r'"code":"([A-Za-z_]+)"', text)
        detail = "statuses %s, codes %s, %s" % (statuses, codes, "closed" if closed else "left open")
        assert statuses, "no answer (%s): %r" % (detail, text[:80])
        assert statuses[0] in allowed, "answered %s, not %s (%s): %r" % (
            statuses[0], "/".join(sorted(allowed)) if len(allowed) < 5 else "4xx", detail, text[:100])
        assert '"backend"' not in text and len(set(statuses)) == 1, \
            "the request smuggled behind it was answered (%s)" % detail
        assert repeated_ok or len(statuses) == 1, "more than one answer (%s)" % detail
        assert code is None or codes[:1] == [code], "expected problem code %s (%s)" % (code, detail)
        assert closed, "the connection stayed open after the %s (%s)" % (statuses[0], detail)
        note = "" if len(statuses) == 1 else \
            " (status line and headers written %d times: libmicrohttpd 0.9.75, as documented)" % len(statuses)
        self.assert_alive("framing")
        return "%s%s, closed, smuggled request unanswered%s" % (statuses[0], " " + codes[0] if codes else "", note)

    # ---------------------------------------------------------------- 10. NUL

    def check_nul(self, field, value, expected_tail):
        mallory = self.sessions["mallory"]
        record = random_uuid(self.rng)
        mutation = catch_mutation(mallory.take_ids(1)[0], record, {field: value})
        first = pushed_results(mallory, [mutation])[0]
        replay = pushed_results(mallory, [mutation])[0]
        assert first["status"] == "rejected", "NUL answered %s" % first
        assert replay["status"] == "rejected", "the replay answered %s" % replay
        reason = first.get("reason") or ""
        assert reason.endswith(expected_tail), "the reason %r does not end %r" % (reason, expected_tail)
        assert replay.get("reason") == reason, "the replay's reason %r differs from %r" % (replay.get("reason"), reason)
        changes, _, _ = pull_all(mallory)
        assert str(record).lower() not in {c["id"].lower() for c in changes}, "the record with NUL was stored"
        return "rejected twice with %r" % reason

    # ---------------------------------------------------------------- 11, 12. tus

    def big_upload(self):
        if not hasattr(self, "nine"):
            self.nine = self.rng.randbytes(9 * MIB)
            self.nine_sha = hashlib.sha256(self.nine).hexdigest()
            created = create_upload(self.sessions["mallory"], len(self.nine), self.nine_sha)
            assert created.status == 201, "creation of a 9 MiB upload answered %s" % created.short()
            self.nine_path = upload_path(created)
        return self.nine, self.nine_sha, self.nine_path

    def check_tus_checksum_wrong(self):
        mallory = self.sessions["mallory"]
        data, _, path = self.big_upload()
        wrong_sha1 = patch_upload(mallory, path, 0, data, "sha1 " + base64.b64encode(bytes(20)).decode(), timeout=60)
        assert wrong_sha1.status == 460, "a wrong sha1 checksum answered %s" % wrong_sha1.short()
        small = self.rng.randbytes(1000)
        created = create_upload(mallory, len(small), hashlib.sha256(small).hexdigest())
        small_path = upload_path(created)
        wrong_sha256 = patch_upload(mallory, small_path, 0, small,
                                    "sha256 " + base64.b64encode(hashlib.sha256(b"other").digest()).decode())
        assert wrong_sha256.status == 460, "a wrong sha256 checksum answered %s" % wrong_sha256.short()
        head = self.portal.request("HEAD", path, tus_headers(), token=mallory.token)
        assert head.header("upload-offset") == "0", "a refused PATCH moved the offset to %r" % head.header("upload-offset")
        unknown = patch_upload(mallory, small_path, 0, small, "md5 " + base64.b64encode(hashlib.md5(small).digest()).decode())
        assert 400 <= unknown.status < 500, "an unsupported algorithm answered %s" % unknown.short()
        return "wrong sha1 -> 460 (9 MiB), wrong sha256 -> 460, offset stays 0, md5 -> %d" % unknown.status

    def check_tus_patch_9mib(self):
        mallory = self.sessions["mallory"]
        data, sha, path = self.big_upload()
        checksum = "sha1 " + base64.b64encode(hashlib.sha1(data).digest()).decode()
        answer = patch_upload(mallory, path, 0, data, checksum, timeout=120)
        assert answer.status == 204, "a 9 MiB PATCH with a right sha1 answered %s" % answer.short()
        assert answer.header("upload-offset") == str(len(data)), "Upload-Offset %r" % answer.header("upload-offset")
        media = get_media(mallory, sha)
        assert media.status == 200 and hashlib.sha256(media.body).hexdigest() == sha, "the stored content differs"
        return "204 Upload-Offset %d in one PATCH, content stored whole" % len(data)

    def check_tus_checksum_sha1(self):
        mallory = self.sessions["mallory"]
        options = self.portal.request("OPTIONS", "/v1/uploads", tus_headers())
        algorithms = [a.strip() for a in (options.header("tus-checksum-algorithm") or "").split(",")]
        assert "sha1" in algorithms and "sha256" in algorithms, "Tus-Checksum-Algorithm %r" % algorithms
        extensions = options.header("tus-extension") or ""
        assert "checksum" in extensions, "Tus-Extension %r" % extensions
        data = self.rng.randbytes(300_000)
        created = create_upload(mallory, len(data), hashlib.sha256(data).hexdigest())
        path = upload_path(created)
        for start, end in ((0, 100_000), (100_000, 300_000)):
            piece = data[start:end]
            answer = patch_upload(mallory, path, start, piece, "sha1 " + base64.b64encode(hashlib.sha1(piece).digest()).decode())
            assert answer.status == 204, "PATCH %d-%d with sha1 answered %s" % (start, end, answer.short())
        media = get_media(mallory, hashlib.sha256(data).hexdigest())
        assert media.status == 200 and media.body == data, "the sha1-checked upload was not stored whole"
        return "OPTIONS offers %s; two sha1-checked PATCHes stored the upload" % ",".join(algorithms)

    # ---------------------------------------------------------------- isolation

    def check_isolation(self):
        mallory, eve = self.sessions["mallory"], self.sessions["eve"]
        data = self.rng.randbytes(5000)
        sha = upload_whole(mallory, data)
        unfinished = create_upload(mallory, 4000, hashlib.sha256(b"unfinished").hexdigest())
        path = upload_path(unfinished)
        record = random_uuid(self.rng)
        results = pushed_results(mallory, [catch_mutation(mallory.take_ids(1)[0], record, {"notes": "mallory's"})])
        assert results[0]["status"] == "applied", results
        problems = []

        def expect(what, answer, allowed):
            if answer.status not in allowed:
                problems.append("%s answered %s" % (what, answer.short(120)))

        expect("eve GET mallory's media", get_media(mallory, sha, token=eve.token), {404})
        expect("eve GET mallory's media with Range", get_media(mallory, sha, token=eve.token, headers={"Range": "bytes=0-9"}), {404})
        expect("eve HEAD mallory's upload", self.portal.request("HEAD", path, tus_headers(), token=eve.token), {404})
        expect("eve PATCH mallory's upload", patch_upload(mallory, path, 0, b"e" * 4000, token=eve.token), {404})
        expect("no token GET media", self.portal.request("GET", "/v1/media/" + sha), {401})
        expect("no token pull", self.portal.request("GET", "/v1/sync/pull?cursor=&limit=10"), {401})
        expect("bad token pull", self.portal.request("GET", "/v1/sync/pull?cursor=&limit=10", token="0" * 64), {401})
        head = self.portal.request("HEAD", path, tus_headers(), token=mallory.token)
        expect("mallory HEAD own upload after eve's PATCH", head, {200})
        if head.header("upload-offset") != "0":
            problems.append("eve's PATCH moved mallory's upload to %r" % head.header("upload-offset"))
        history = self.portal.request("GET", "/v1/history?id=%s" % record, token=eve.token)
        expect("eve history of mallory's record", history, {200, 400, 404})
        if history.status == 200 and (history.json() or {}).get("entries"):
            problems.append("eve sees mallory's history: %s" % history.short(120))
        eve_changes, _, _ = pull_all(eve)
        if any(c["id"].lower() == str(record).lower() for c in eve_changes):
            problems.append("eve's pull has mallory's record")
        takeover = pushed_results(eve, [catch_mutation(eve.take_ids(1)[0], record, {"notes": "eve was here"},
                                                       modified_at=1_790_000_000_000, base_seq=1)])
        mallory_changes, _, _ = pull_all(mallory)
        mine = [c for c in mallory_changes if c["id"].lower() == str(record).lower()]
        if len(mine) != 1 or mine[0]["fields"].get("notes") != "mallory's":
            problems.append("eve's push changed mallory's record: %s" % mine)
        assert not problems, "; ".join(problems)
        return "media, Range, upload HEAD/PATCH -> 404; history and pull show nothing; eve's push (%s) stays in eve's account" % (
            takeover[0]["status"])

    # ---------------------------------------------------------------- after the run

    def final_checks(self):
        pid = self.options.pid
        peak = None
        if pid:
            status_path = "/proc/%d/status" % pid
            alive = os.path.exists(status_path)
            state = ""
            if alive:
                with open(status_path) as handle:
                    status_text = handle.read()
                state = re.search(r"State:\s*(\S)", status_text).group(1)
                match = re.search(r"VmHWM:\s*(\d+) kB", status_text)
                peak = int(match.group(1)) / 1024 if match else None
            if alive and state != "Z":
                self.record("PASS", "portal_alive", "process %d is running (state %s)" % (pid, state))
            else:
                self.record("FAIL", "portal_alive", "process %d is %s" % (pid, "a zombie" if alive else "gone"))
        else:
            self.skip("portal_alive", "no --pid given")
        self.check("health", self.final_health)
        self.check("bystander_unchanged", self.final_bystander)
        self.check("no_server_errors", self.final_no_server_errors)
        self.check("request_ids_traceable", self.final_request_ids)
        if peak is not None:
            if peak <= self.options.max_rss_mb:
                self.record("PASS", "peak_rss", "VmHWM %.1f MB <= %d MB" % (peak, self.options.max_rss_mb))
            else:
                self.record("FAIL", "peak_rss", "VmHWM %.1f MB > %d MB" % (peak, self.options.max_rss_mb))
        else:
            self.skip("peak_rss", "no --pid given" if not pid else "process %d is gone: no VmHWM to read" % pid)
        if self.options.sqlite_file:
            self.check("sqlite_integrity", self.final_integrity)
        else:
            self.skip("sqlite_integrity", "no --sqlite-file given")
        return peak

    def final_health(self):
        answer = self.portal.request("GET", "/health", timeout=10)
        assert answer.status == 200, "GET /health answered %s" % answer.short()
        return answer.body.decode("utf-8", "replace")

    def final_bystander(self):
        bystander = self.sessions["bystander"]
        after, _, cursor = pull_all(bystander)
        assert after == self.bystander_before, "the bystander's records changed: %d before, %d after" % (
            len(self.bystander_before), len(after))
        assert cursor == self.bystander_cursor, "the cursor moved from %s to %s" % (self.bystander_cursor, cursor)
        tail = self.portal.request("GET", "/v1/sync/pull?cursor=%s&limit=10" % cursor, token=bystander.token)
        assert tail.status == 200 and tail.json()["changes"] == [], "changes after the cursor: %s" % tail.short()
        media = get_media(bystander, self.bystander_sha)
        assert media.status == 200 and media.body == self.bystander_media, "the bystander's media changed"
        return "%d records and cursor %s as before; media intact" % (len(after), cursor)

    def final_no_server_errors(self):
        errors = [exchange for exchange in self.portal.exchanges if exchange[2] >= 500]
        assert not errors, "%d answers were 5xx: %s" % (len(errors), ["%s %s -> %d (request %s)" % exchange[:4]
                                                                     for exchange in errors[:5]])
        return "%d requests, none answered 5xx" % len(self.portal.exchanges)

    def final_request_ids(self):
        exchanges = list(self.portal.exchanges)
        missing = [exchange for exchange in exchanges if not exchange[3]]
        assert not missing, "%d answers without X-Request-Id, e.g. %s %s -> %d" % ((len(missing),) + missing[0][:3])
        mismatched = [exchange for exchange in exchanges if exchange[4] is not None and exchange[4] != exchange[3]]
        assert not mismatched, "problem requestId differs from X-Request-Id: %s" % (mismatched[:3],)
        problems = sum(1 for exchange in exchanges if exchange[4] is not None)
        if not self.options.log_file:
            return "%d answers carry X-Request-Id, %d problem documents name it (no --log-file: log not read)" % (
                len(exchanges), problems)
        secrets = [session.token for session in self.sessions.values()] + [self.password]
        if hasattr(self, "ids_device"):
            secrets.append(self.ids_device.token)
        for _ in range(20):  # the log is written as the requests end; give the last lines a moment
            lines = read_log(self.options.log_file, self.log_offset)
            access = {}
            for line in lines:
                if line.get("requestId") and line.get("route"):
                    access[line["requestId"]] = line
            unlogged = [exchange for exchange in exchanges if exchange[3] not in access]
            if not unlogged:
                break
            time.sleep(0.25)
        assert not unlogged, "%d requests have no access line, e.g. %s %s -> %d (request %s)" % (
            (len(unlogged),) + unlogged[0][:4])
        wrong = [(exchange[:4], access[exchange[3]].get("status")) for exchange in exchanges
                 if access[exchange[3]].get("status") != str(exchange[2])]
        assert not wrong, "access lines with another status: %s" % wrong[:3]
        with open(self.options.log_file, "rb") as handle:
            handle.seek(self.log_offset)
            text = handle.read().decode("utf-8", "replace")
        leaked = [secret[:8] + "..." for secret in secrets if secret in text]
        assert not leaked, "the log contains a token or password: %s" % leaked
        queries = [line.get("path") for line in lines if "?" in (line.get("path") or "")]
        assert not queries, "the log has query strings: %s" % queries[:3]
        errors = [line for line in lines if line.get("level") in ("error", "critical")]
        assert not errors, "error lines in the log: %s" % errors[:2]
        return "%d requests each with an access line of its status and route; no token, password or query in %d lines" % (
            len(exchanges), len(lines))

    def final_integrity(self):
        uri = "file:%s?mode=ro" % urllib.parse.quote(os.path.abspath(self.options.sqlite_file))
        database = sqlite3.connect(uri, uri=True, timeout=10)
        try:
            rows = database.execute("PRAGMA integrity_check").fetchall()
        finally:
            database.close()
        assert rows == [("ok",)], "integrity_check: %s" % rows[:5]
        return "PRAGMA integrity_check: ok"

    # ---------------------------------------------------------------- order

    def run(self):
        self.check("upload_length_int64_max", self.check_upload_length_int64_max)
        self.check("upload_length_past_int64", self.check_upload_length_past_int64)
        self.check("numbers_never_trap", self.check_numbers_never_trap)
        self.check("zero_length_upload", self.check_zero_length_upload)
        self.check("zero_length_wrong_digest", self.check_zero_length_wrong_digest)
        self.check("mutation_ids_non_positive", self.check_mutation_ids_non_positive)
        self.check("mutation_id_repeated_in_batch", self.check_mutation_id_repeated_in_batch)
        self.check("mutation_id_gap_applied", self.check_mutation_id_gap_applied)
        self.check("mutation_id_retry_duplicate", self.check_mutation_id_retry_duplicate)
        self.check("text_limit_in_bytes", self.check_text_limit_in_bytes)
        self.check("text_limit_edges", self.check_text_limit_edges)
        self.check("nul_in_text_value", self.check_nul, "notes", "before\x00after",
                   "contains a NUL character (U+0000), which is not allowed")
        self.check("nul_in_field_name", self.check_nul, "bad\x00name", "x",
                   'name" is not allowed (lowercase letters, digits and _, up to 64)')
        self.check("isolation_between_accounts", self.check_isolation)
        self.check("tus_checksum_wrong_460", self.check_tus_checksum_wrong)
        self.check("tus_patch_9mib", self.check_tus_patch_9mib)
        self.check("tus_checksum_sha1", self.check_tus_checksum_sha1)
        self.check("concurrent_patches", self.check_concurrent_patches)
        self.check("pull_pages_bounded_in_bytes", self.check_pull_pages_bounded)
        self.check("oversized_chunked_push_10mib", self.check_oversized_chunked_push, 10 * MIB)
        self.check("oversized_chunked_push_25mib", self.check_oversized_chunked_push, 25 * MIB)
        any_4xx = {str(status) for status in range(400, 500)}
        smuggled_length = len(self.SMUGGLED)
        for name, framing, allowed, code, repeated_ok, target in (
                ("framing_two_content_lengths", "Content-Length: 5\r\nContent-Length: 10\r\n", {"400"},
                 "ambiguous_framing", False, "push"),
                ("framing_equal_content_lengths", "Content-Length: 5\r\nContent-Length: 5\r\n", {"400"},
                 "ambiguous_framing", False, "push"),
                ("framing_content_length_and_chunked", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                 {"400"}, "ambiguous_framing", False, "push"),
                ("framing_chunked_and_content_length", "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
                 {"400"}, "ambiguous_framing", False, "push"),
                ("framing_transfer_encoding_gzip", "Transfer-Encoding: gzip\r\n", {"501"}, None, False, "push"),
                ("framing_transfer_encoding_gzip_chunked", "Transfer-Encoding: gzip, chunked\r\n", {"501"}, None,
                 False, "push"),
                ("framing_content_length_minus_1", "Content-Length: -1\r\n", any_4xx, None, True, "push"),
                ("framing_content_length_abc", "Content-Length: abc\r\n", any_4xx, None, True, "push"),
                ("framing_content_length_overflow", "Content-Length: 99999999999999999999\r\n", any_4xx, None, True,
                 "push"),
                # RFC 9112 5.1: whitespace between a field name and its colon must be refused with 400,
                # or one reader takes it for Content-Length and another does not.
                ("framing_space_before_colon", "Content-Length : %d\r\n" % smuggled_length, {"400"}, None, False,
                 "health")):
            self.check(name, self.check_framing, framing, allowed, code, repeated_ok, b"" if target == "health" else
                       b"0\r\n\r\n", target)
        if self.options.skip_slow:
            self.skip("slow_headers", "--skip-slow")
        else:
            self.check("slow_headers", self.check_slow_headers)
        if not self.options.slow_body:
            self.skip("slow_body", "takes ~%d s; run with --slow-body" % (self.options.body_window + 2))
        elif self.options.skip_slow:
            self.skip("slow_body", "--skip-slow")
        else:
            self.check("slow_body", self.check_slow_body)
        if self.options.connections_per_client == 0:
            self.skip("connections_per_client", "--connections-per-client 0: the portal runs without a cap")
        else:
            self.check("connections_per_client", self.check_connections_per_client)
        return self.final_checks()


def read_log(path, offset):
    lines = []
    with open(path, "rb") as handle:
        handle.seek(offset)
        for raw in handle.read().splitlines():
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if isinstance(line, dict):
                lines.append(line)
    return lines


def media_missing(answer):
    return answer.status == 404


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the portal's base URL, e.g. http://127.0.0.1:8080 (loopback only)")
    parser.add_argument("--pid", type=int, help="the portal's process id: checked alive, VmHWM reported")
    parser.add_argument("--sqlite-file", help="the portal's portal.sqlite: PRAGMA integrity_check after the run")
    parser.add_argument("--log-file", help="the portal's JSON-lines log (its --log-file, or its stderr): every "
                        "request has an access line, no token or password is logged")
    parser.add_argument("--skip-slow", action="store_true", help="skip the checks that wait for the portal's deadlines")
    parser.add_argument("--slow-body", action="store_true", help="also check that a trickling body is cut (~22 s)")
    parser.add_argument("--seed", type=int, default=12, help="seed for generated records, bytes and races (12)")
    parser.add_argument("--header-timeout", type=float, default=10.0, help="the portal's header deadline, s (10)")
    parser.add_argument("--body-window", type=float, default=20.0, help="the portal's body-rate window, s (20)")
    parser.add_argument("--margin", type=float, default=3.0, help="slack allowed past a deadline, s (3)")
    parser.add_argument("--connections-per-client", type=int, default=64, help="the portal's cap per address (64)")
    parser.add_argument("--slow-clients", type=int, default=12, help="connections sending headers slowly (12)")
    parser.add_argument("--records", type=int, default=100,
                        help="records of 60 kB pushed for the pull-page check (100; over 4 MiB in all)")
    parser.add_argument("--race-rounds", type=int, default=24, help="rounds of racing PATCHes (24)")
    parser.add_argument("--max-rss-mb", type=float, default=512, help="fail when the portal's VmHWM exceeds it (512)")
    parser.add_argument("--timeout", type=float, default=30.0, help="socket timeout per request, s (30)")
    options = parser.parse_args()
    if options.connections_per_client < 0 or options.slow_clients < 1:
        parser.error("--connections-per-client must be 0 or more and --slow-clients at least 1")
    if 0 < options.connections_per_client < options.slow_clients:
        parser.error("--slow-clients must not exceed --connections-per-client (they would be answered 429)")

    run = Run(options)
    if not run.health_ok():
        print("the portal at %s does not answer GET /health" % options.base, file=sys.stderr)
        return 2
    try:
        run.setup()
    except Exception as error:
        print("setup failed: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        return 2
    peak = run.run()
    passed = sum(1 for outcome, _ in run.results if outcome == "PASS")
    failed = [name for outcome, name in run.results if outcome == "FAIL"]
    skipped = [name for outcome, name in run.results if outcome == "SKIP"]
    print(json.dumps({"passed": passed, "failed": len(failed), "skipped": len(skipped),
                      "peakRssMb": None if peak is None else round(peak, 1),
                      "durationS": round(time.monotonic() - run.started, 1), "failedChecks": failed,
                      "skippedChecks": skipped, "seed": options.seed}, separators=(",", ":")), flush=True)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
