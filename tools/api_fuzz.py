#!/usr/bin/env python3
"""Fuzz a running hobbystory-portal against its OpenAPI document with schemathesis.

    python3 -m pip install schemathesis==4.32.5      # the version this tool was tested with
    hobbystory-portal --data "$(mktemp -d)" --port 0  # prints the URL it listens on
    python3 tools/api_fuzz.py http://127.0.0.1:PORT [--spec Sources/Portal/Resources/openapi.json]

What it does, in order:

1. Refuses a base URL that is not on a loopback address (unless --allow-remote) and checks
   that the portal answers `GET /health`.
2. Takes the OpenAPI document from `BASE/v1/openapi.json`, or from the file given with --spec.
   With a file, an operation the portal does not serve yet (`GET /v1/openapi.json` answering
   404) is left out and named in the summary.
3. Signs up a fresh account (`POST /v1/accounts`, a random email and password) and signs it in
   (`POST /v1/sessions`, a random `deviceId`, `deviceName` "fuzz"). Its bearer token goes on
   every request schemathesis sends, except one: `DELETE /v1/sessions/current` revokes the
   token it is sent with, so each of its requests gets a new session of a second fresh account,
   signed in just before. (Not of the first: schemathesis reuses values it has seen in responses,
   so it tries the first account's email in sign-ins with wrong passwords, and after five the
   portal refuses every sign-in for that email for 15 minutes, as it should.)
4. Gives the account something to read: pushes a few records (so pulls and the history have
   entries, a tombstone among them), uploads a small media file with tus and starts an upload
   it leaves unfinished. About half of the generated requests for `/v1/media/{sha256}` and
   `/v1/uploads/{id}` are pointed at these (chosen from the generated value, so runs repeat).
5. Runs the schemathesis CLI (`python3 -m schemathesis.cli run`) on the document with the checks
   not_a_server_error, response_schema_conformance, status_code_conformance and
   content_type_conformance; at most --max-examples generated cases per operation and phase
   (default 50), a fixed --seed (no example database, one worker), a --request-timeout per
   request, no redirects followed (so nothing but the base URL is ever contacted), health
   checks off, phases examples, coverage and fuzzing (the stateful phase is left out: the
   document declares no links). Besides the generated data, schemathesis sends every
   authenticated operation requests without a token or with a broken one (expecting 401); for
   operations with nothing else to vary, most of their cases are those. The whole run is
   bounded by --time-limit: schemathesis is stopped when it passes it and the run counts as
   failed.
6. Prints schemathesis's own report, then a summary per operation from its JUnit report, and
   exits 0 when every operation passed, 1 when a check failed, errored or the time ran out, and
   2 when the run could not start (portal unreachable, sign-up refused, schemathesis missing).
   Schemathesis's report files are kept only with --report-dir (JUnit, and a HAR file of every
   exchange).

Repeatability and cost: with the same seed and settings, two runs against freshly started
portals send the same requests in the same order and get the same statuses, up to the ids and
email addresses that the portal and this tool make afresh each time (checked with the HAR
files of two runs: about 1,700 requests each). With the defaults a run takes about 20 s against
a fresh SQLite portal on a 2-core machine; --max-examples 500 takes about 2 minutes.

Why the CLI: schemathesis 4's documented Python entry point is its pytest plugin; its CLI is
complete and is extended through a hooks module, which is what this tool does.

How the pieces meet: schemathesis loads hooks from the module named by `SCHEMATHESIS_HOOKS`.
This file is that module too: run as a script it prepares everything and starts the CLI with
`SCHEMATHESIS_HOOKS` pointing at itself and the token, account and fixtures in `API_FUZZ_*`
variables; imported by schemathesis it registers the auth providers, the path-parameter
mapping and a serializer for `application/offset+octet-stream` (tus PATCH bodies).

Notes:

* The portal allows 20 sign-ups per client address per hour, and fuzzing `POST /v1/accounts`
  uses them up: a second run against the same portal within the hour cannot sign up (exit 2;
  restart the portal, or wait for the time its 429 names).
* Everything the run creates stays in the portal's database (accounts, records, media): point
  it at a throwaway data folder.
* Reproduce a failure with the `curl` command schemathesis prints: it shows the token as
  `[Filtered]`; put a token of your own in its place.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import ipaddress
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import xml.etree.ElementTree as ElementTree

# Pinned: the schemathesis release this tool was written and tested against
# (python3 -m pip install schemathesis==4.32.5). Another version runs with a warning.
TESTED_SCHEMATHESIS = "4.32.5"
CHECKS = "not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance"
DEFAULT_PHASES = "examples,coverage,fuzzing"
SERVED_DOCUMENT_PATH = "/v1/openapi.json"
SERVED_DOCUMENT_OPERATION = "openAPI"
SIGN_OUT_PATH = "/v1/sessions/current"
MEDIA_PATH = "/v1/media/{sha256}"
UPLOAD_PATH = "/v1/uploads/{id}"
HOOKS_FLAG = "API_FUZZ_HOOKS"


class SetupError(Exception):
    """The run cannot start (exit 2)."""


# --------------------------------------------------------------------------------------------
# Plain HTTP to the portal (standard library only, so the script starts without schemathesis).


def request(base, method, path, *, headers=None, body=None, timeout=10.0):
    """One request to the portal: (status, headers as a dict with lowercase names, body bytes)."""
    url = base.rstrip("/") + path
    data = body
    headers = dict(headers or {})
    if isinstance(body, (dict, list)):
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(req, timeout=timeout) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def check_base_url(base, allow_remote):
    parsed = urllib.parse.urlsplit(base)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise SetupError(f"{base} is not an http(s) URL")
    if parsed.query or parsed.fragment:
        raise SetupError(f"{base}: give the base URL without a query or fragment")
    if allow_remote:
        return
    host = parsed.hostname
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        raise SetupError(f"{host} is not a loopback address; pass --allow-remote to fuzz it anyway")


def load_document(base, spec_path, timeout):
    """The OpenAPI document and the operation ids to leave out (not served by this portal)."""
    status, _, body = request(base, "GET", SERVED_DOCUMENT_PATH, timeout=timeout)
    if spec_path is None:
        if status != 200:
            raise SetupError(
                f"GET {SERVED_DOCUMENT_PATH} answered {status}; give the document with --spec FILE")
        try:
            return json.loads(body), []
        except ValueError as error:
            raise SetupError(f"GET {SERVED_DOCUMENT_PATH} is not JSON: {error}") from None
    with open(spec_path, encoding="utf-8") as handle:
        document = json.load(handle)
    return document, ([] if status == 200 else [SERVED_DOCUMENT_OPERATION])


def expect(status, wanted, what, body):
    if status not in wanted:
        text = body.decode("utf-8", "replace")[:400]
        raise SetupError(f"{what} answered {status}: {text}")


def sign_in(base, email, password, device_id, timeout):
    status, _, body = request(
        base, "POST", "/v1/sessions",
        body={"email": email, "password": password, "deviceId": device_id, "deviceName": "fuzz"},
        timeout=timeout)
    expect(status, (201,), "POST /v1/sessions", body)
    return json.loads(body)["token"]


def create_account(base, timeout):
    email = f"fuzz-{secrets.token_hex(8)}@example.org"
    password = secrets.token_urlsafe(24)
    status, headers, body = request(
        base, "POST", "/v1/accounts", body={"email": email, "password": password}, timeout=timeout)
    if status == 429:
        raise SetupError(
            "POST /v1/accounts answered 429: this address has used up its sign-ups for the hour "
            f"(Retry-After: {headers.get('retry-after', '?')} s); restart the portal or wait")
    expect(status, (201,), "POST /v1/accounts", body)
    device_id = str(uuid.uuid4())
    return email, password, device_id, sign_in(base, email, password, device_id, timeout)


def seed_account(base, token, seed, timeout):
    """Records, stored media and an unfinished upload for the fuzzed requests to find."""
    auth = {"Authorization": f"Bearer {token}"}
    spot, trip = str(uuid.UUID(int=seed * 7919 + 1)), str(uuid.UUID(int=seed * 7919 + 2))
    mutations = [
        {"mutationId": 1, "kind": "spot", "id": spot, "operation": "upsert", "modifiedAt": 1_000,
         "baseSeq": 0, "fields": {"id": spot, "name": "Fuzz pond", "latitude": 59.93, "notes": None}},
        {"mutationId": 2, "kind": "spot", "id": spot, "operation": "upsert", "modifiedAt": 2_000,
         "baseSeq": 1, "fields": {"id": spot, "name": "Fuzz lake", "latitude": 59.93, "depth_m": 4}},
        {"mutationId": 3, "kind": "trip", "id": trip, "operation": "upsert", "modifiedAt": 3_000,
         "baseSeq": 0, "fields": {"id": trip, "spot_id": spot, "notes": "windy"}},
        {"mutationId": 4, "kind": "trip", "id": trip, "operation": "delete", "modifiedAt": 4_000, "baseSeq": 3},
    ]
    status, _, body = request(base, "POST", "/v1/sync/push", headers=auth, body={"mutations": mutations},
                              timeout=timeout)
    expect(status, (200,), "POST /v1/sync/push", body)

    content = hashlib.sha256(f"api fuzz {seed}".encode()).digest() * 40  # 1280 bytes
    sha = hashlib.sha256(content).hexdigest()
    tus = dict(auth, **{"Tus-Resumable": "1.0.0"})
    metadata = "sha256 " + base64.b64encode(sha.encode()).decode()
    status, headers, body = request(
        base, "POST", "/v1/uploads", headers=dict(tus, **{"Upload-Length": str(len(content)),
                                                          "Upload-Metadata": metadata}),
        body=b"", timeout=timeout)
    expect(status, (201,), "POST /v1/uploads", body)
    status, _, body = request(
        base, "PATCH", headers["location"], body=content, timeout=timeout,
        headers=dict(tus, **{"Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}))
    expect(status, (204,), f"PATCH {headers['location']}", body)

    pending = hashlib.sha256(f"api fuzz pending {seed}".encode()).hexdigest()
    metadata = "sha256 " + base64.b64encode(pending.encode()).decode()
    status, headers, body = request(
        base, "POST", "/v1/uploads", headers=dict(tus, **{"Upload-Length": "4096", "Upload-Metadata": metadata}),
        body=b"", timeout=timeout)
    expect(status, (201,), "POST /v1/uploads", body)
    return sha, headers["location"].rsplit("/", 1)[-1]


def sign_out(base, token, timeout):
    try:
        request(base, "DELETE", SIGN_OUT_PATH, headers={"Authorization": f"Bearer {token}"}, timeout=timeout)
    except OSError:
        pass


# --------------------------------------------------------------------------------------------
# Running schemathesis and reading its report.


def schemathesis_version():
    try:
        from importlib.metadata import PackageNotFoundError, version
        return version("schemathesis")
    except PackageNotFoundError:
        return None


def summarise(junit_path, excluded):
    """Prints one line per operation; returns (passed, failed, errors, skipped)."""
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    rows = []
    try:
        cases = list(ElementTree.parse(junit_path).getroot().iter("testcase"))
    except (OSError, ElementTree.ParseError):
        cases = []  # schemathesis stopped before writing its report
    for case in cases:
        name = case.get("name", "?")
        failure, error, skipped = case.find("failure"), case.find("error"), case.find("skipped")
        if failure is not None:
            titles = [line[2:] for line in (failure.text or "").splitlines() if line.startswith("- ST")]
            outcome, detail = "failed", "; ".join(dict.fromkeys(titles)) or failure.get("message") or ""
        elif error is not None:
            outcome, detail = "errors", error.get("message") or error.text or ""
        elif skipped is not None:
            outcome, detail = "skipped", skipped.get("message") or skipped.text or ""
        else:
            outcome, detail = "passed", ""
        counts[outcome] += 1
        rows.append((name, outcome, " ".join(detail.split())[:160]))
    width = max([len(name) for name, _, _ in rows] + [10])
    print("\n== api_fuzz summary ==")
    labels = {"passed": "ok", "failed": "FAILED", "errors": "ERROR", "skipped": "skipped"}
    for name, outcome, detail in rows:
        print(f"  {name:<{width}}  {labels[outcome]:<7} {detail}".rstrip())
    for operation_id in excluded:
        print(f"  {operation_id:<{width}}  left out: not served by this portal")
    return counts["passed"], counts["failed"], counts["errors"], counts["skipped"]


def run(arguments):
    base = arguments.base_url.rstrip("/")
    check_base_url(base, arguments.allow_remote)
    installed = schemathesis_version()
    if installed is None:
        raise SetupError(f"schemathesis is not installed: python3 -m pip install schemathesis=={TESTED_SCHEMATHESIS}")
    if installed != TESTED_SCHEMATHESIS:
        print(f"api_fuzz: note: schemathesis {installed} is installed; this tool was tested with "
              f"{TESTED_SCHEMATHESIS}", file=sys.stderr)
    timeout = arguments.request_timeout
    try:
        status, _, body = request(base, "GET", "/health", timeout=timeout)
    except OSError as error:
        raise SetupError(f"cannot reach {base}: {error}") from None
    expect(status, (200,), "GET /health", body)
    document, excluded = load_document(base, arguments.spec, timeout)
    email, password, device_id, token = create_account(base, timeout)
    media_sha, upload_id = seed_account(base, token, arguments.seed, timeout)
    sign_out_account = create_account(base, timeout)

    work = tempfile.mkdtemp(prefix="api-fuzz-")
    try:
        report_dir = arguments.report_dir or os.path.join(work, "report")
        os.makedirs(report_dir, exist_ok=True)
        junit = os.path.join(report_dir, "junit.xml")
        if os.path.exists(junit):
            os.remove(junit)  # a report of an earlier run must not stand for this one
        spec_file = os.path.join(work, "openapi.json")
        with open(spec_file, "w", encoding="utf-8") as handle:
            json.dump(document, handle)
        command = [
            sys.executable, "-m", "schemathesis.cli", "run", spec_file,
            "--url", base,
            "--checks", CHECKS,
            "--max-examples", str(arguments.max_examples),
            "--seed", str(arguments.seed),
            "--generation-database", "none",
            "--workers", "1",
            "--request-timeout", str(timeout),
            "--max-redirects", "0",
            "--phases", arguments.phases,
            "--mode", arguments.mode,
            "--suppress-health-check", "all",
            "--report", "junit" if arguments.report_dir is None else "junit,har",
            "--report-dir", report_dir, "--report-junit-path", junit,
            "--no-color",
        ]
        if arguments.no_shrink:
            command.append("--no-shrink")
        for operation_id in excluded + arguments.exclude_operation_id:
            command += ["--exclude-operation-id", operation_id]
        for operation_id in arguments.include_operation_id:
            command += ["--include-operation-id", operation_id]
        environment = dict(
            os.environ,
            SCHEMATHESIS_HOOKS=os.path.abspath(__file__),
            **{
                HOOKS_FLAG: "1", "API_FUZZ_BASE": base, "API_FUZZ_TOKEN": token,
                "API_FUZZ_SIGN_OUT_ACCOUNT": json.dumps(sign_out_account[:3]), "API_FUZZ_MEDIA": media_sha,
                "API_FUZZ_UPLOAD": upload_id, "API_FUZZ_TIMEOUT": str(timeout),
            },
        )
        print(f"api_fuzz: schemathesis {installed}, {arguments.max_examples} examples per operation and phase, "
              f"seed {arguments.seed}, account {email}", flush=True)
        started = time.monotonic()
        timed_out = False
        # Its own folder as the working directory, so that no schemathesis.toml lying around applies.
        process = subprocess.Popen(command, env=environment, cwd=work, start_new_session=True)
        try:
            code = process.wait(timeout=arguments.time_limit)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGTERM)
            try:
                code = process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                code = process.wait()
        except KeyboardInterrupt:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
            raise
        finally:
            sign_out(base, token, timeout)
            sign_out(base, sign_out_account[3], timeout)
        elapsed = time.monotonic() - started
        passed, failed, errors, skipped = summarise(junit, excluded)
        if arguments.report_dir is not None:
            print(f"api_fuzz: schemathesis's reports are in {report_dir}")
        if timed_out:
            print(f"api_fuzz: stopped schemathesis after the time limit of {arguments.time_limit:.0f} s")
        print(f"api_fuzz: {elapsed:.0f} s, schemathesis exit status {code}")
        print(f"{passed} passed, {failed + errors + (1 if timed_out else 0)} failed, {skipped} skipped")
        return 0 if code == 0 and not failed and not errors and not timed_out else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description="Fuzz a running hobbystory-portal with schemathesis against its OpenAPI document "
        f"(tested with schemathesis {TESTED_SCHEMATHESIS}: python3 -m pip install "
        f"schemathesis=={TESTED_SCHEMATHESIS}). Signs up a fresh account first; exits 1 on any failed "
        "check, 2 when the run cannot start.")
    parser.add_argument("base_url", help="the portal, e.g. http://127.0.0.1:8080")
    parser.add_argument("--spec", metavar="FILE",
                        help=f"the OpenAPI document to use instead of BASE{SERVED_DOCUMENT_PATH}")
    parser.add_argument("--max-examples", type=int, default=50, metavar="N",
                        help="generated cases per operation and phase (default 50)")
    parser.add_argument("--seed", type=int, default=20261201, help="the generation seed (default 20261201)")
    parser.add_argument("--request-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="timeout of each request (default 10)")
    parser.add_argument("--time-limit", type=float, default=1800.0, metavar="SECONDS",
                        help="stop schemathesis and fail after this long (default 1800)")
    parser.add_argument("--phases", default=DEFAULT_PHASES,
                        help=f"schemathesis phases (default {DEFAULT_PHASES}; stateful finds nothing to "
                        "chain: the document declares no links)")
    parser.add_argument("--mode", choices=["positive", "negative", "all"], default="all",
                        help="valid data, invalid data or both (default all)")
    parser.add_argument("--include-operation-id", action="append", default=[], metavar="ID",
                        help="fuzz only these operations (repeatable)")
    parser.add_argument("--exclude-operation-id", action="append", default=[], metavar="ID",
                        help="leave these operations out (repeatable)")
    parser.add_argument("--no-shrink", action="store_true", help="do not minimise failing cases (faster)")
    parser.add_argument("--report-dir", metavar="DIR",
                        help="keep schemathesis's JUnit report and a HAR file of every exchange in DIR")
    parser.add_argument("--allow-remote", action="store_true",
                        help="allow a base URL that is not on a loopback address")
    arguments = parser.parse_args(argv)
    if arguments.max_examples < 1:
        parser.error("--max-examples must be at least 1")
    if arguments.request_timeout <= 0 or arguments.time_limit <= 0:
        parser.error("--request-timeout and --time-limit must be positive")
    return arguments


def main(argv=None):
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        return run(arguments)
    except SetupError as error:
        print(f"api_fuzz: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"api_fuzz: {error}", file=sys.stderr)
        return 2


# --------------------------------------------------------------------------------------------
# The schemathesis side: loaded through SCHEMATHESIS_HOOKS inside the schemathesis process.


def _pick_fixture(value):
    """Whether a generated path value is replaced by the account's fixture: about half of them,
    decided by the value itself so that a run repeats."""
    return hashlib.sha256(repr(value).encode("utf-8", "replace")).digest()[0] % 2 == 0


def _register_hooks():
    import schemathesis

    base = os.environ["API_FUZZ_BASE"]
    token = os.environ["API_FUZZ_TOKEN"]
    email, password, device = json.loads(os.environ["API_FUZZ_SIGN_OUT_ACCOUNT"])
    media = os.environ["API_FUZZ_MEDIA"]
    upload = os.environ["API_FUZZ_UPLOAD"]
    timeout = float(os.environ["API_FUZZ_TIMEOUT"])

    def bearer(case, data):
        case.headers = dict(case.headers or {})
        case.headers["Authorization"] = f"Bearer {data}"

    # Checked first: a new session (of the second account) for each sign-out, which revokes the
    # token it carries.
    @schemathesis.auth(refresh_interval=None).apply_to(method="DELETE", path=SIGN_OUT_PATH)
    class FreshSession:
        def get(self, case, context):
            return sign_in(base, email, password, device, timeout)

        def set(self, case, data, context):
            bearer(case, data)

    @schemathesis.auth(refresh_interval=None).skip_for(method="DELETE", path=SIGN_OUT_PATH)
    class AccountToken:
        def get(self, case, context):
            return token

        def set(self, case, data, context):
            bearer(case, data)

    @schemathesis.hook("map_path_parameters")
    def use_fixtures(context, path_parameters):
        operation = context.operation
        if operation is None or not isinstance(path_parameters, dict):
            return path_parameters
        if operation.path == MEDIA_PATH and _pick_fixture(path_parameters.get("sha256")):
            return dict(path_parameters, sha256=media)
        if operation.path == UPLOAD_PATH and _pick_fixture(path_parameters.get("id")):
            return dict(path_parameters, id=upload)
        return path_parameters

    # tus PATCH bodies are raw bytes, like application/octet-stream.
    schemathesis.serializer.alias("application/offset+octet-stream", "application/octet-stream")


if __name__ == "__main__":
    sys.exit(main())
elif os.environ.get(HOOKS_FLAG) == "1":
    _register_hooks()
