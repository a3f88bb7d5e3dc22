#!/usr/bin/env python3
"""Sends the request-smuggling attempts of issue 12 §1.9 to the portal through its TLS proxy and
checks that none gets through: each is refused (4xx/501) and a request hidden behind it is never
answered. Used by tools/deployment_check.sh:

    python3 tools/framing_through_proxy.py HOST PORT CA_FILE
"""
import socket
import ssl
import sys

SMUGGLED = "GET /v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n"
ATTEMPTS = {
    "two different Content-Lengths": "Content-Length: 5\r\nContent-Length: 60\r\n",
    "Content-Length with chunked": "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
    "chunked with Content-Length": "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
    "a space before the colon": "Content-Length : 60\r\n",
    "Content-Length -1": "Content-Length: -1\r\n",
    "Content-Length abc": "Content-Length: abc\r\n",
    "Content-Length overflowing": "Content-Length: 99999999999999999999\r\n",
    "Transfer-Encoding gzip": "Transfer-Encoding: gzip\r\n",
}


def exchange(host, port, context, payload):
    with socket.create_connection((host, port), timeout=5) as raw:
        with context.wrap_socket(raw, server_hostname=host) as tls:
            tls.sendall(payload.encode())
            answer = b""
            try:
                while len(answer) < 1_000_000:
                    chunk = tls.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
            except (socket.timeout, ssl.SSLError, ConnectionError):
                pass
            return answer.decode("latin-1")


def main():
    host, port, ca = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    context = ssl.create_default_context(cafile=ca)
    failed = 0
    for name, framing in ATTEMPTS.items():
        payload = f"POST /v1/sync/push HTTP/1.1\r\nHost: {host}\r\n{framing}\r\n0\r\n\r\n{SMUGGLED}"
        answer = exchange(host, port, context, payload)
        status = answer[9:12]
        refused = answer.startswith("HTTP/1.1 4") or answer.startswith("HTTP/1.1 501")
        smuggled = '"openapi"' in answer
        if refused and not smuggled:
            print(f"PASS framing through the proxy, {name}: {status}")
        else:
            failed += 1
            print(f"FAIL framing through the proxy, {name}: {answer[:200]!r}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
