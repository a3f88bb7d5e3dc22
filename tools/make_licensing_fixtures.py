#!/usr/bin/env python3
"""Writes the licensing fixtures (T13, issue 17) the verifier, portal and CLI tests read (TestSupport).

An independent oracle for the Swift verifiers: this script builds, with the `cryptography` and
`cbor2` packages, a test PKI shaped like Apple's — a P-384 root, an intermediate carrying Apple's
marker extension (1.2.840.113635.100.6.2.1), a P-256 leaf carrying the App Store receipt-signing
marker (1.2.840.113635.100.6.11.1) — and signs with it App Store transactions and App Store Server
Notifications V2 as compact JWS (ES256, `x5c` = leaf, intermediate, root), then every tampering
the verifier must refuse. It does the same for App Attest: a root, an intermediate, and for a
device key a credential certificate whose extension 1.2.840.113635.100.8.2 holds the nonce,
inside a CBOR attestation object, with assertions over request bodies (the device key's private
half is kept too, so tests can play the device and assert bodies of their own). And it signs an
entitlement token with Ed25519 from a fixed seed (Ed25519 is deterministic, so the Swift signer
must produce the same bytes).

A second opinion: Apple's own App Store Server Library (`app-store-server-library`, offline, with
the test root) verifies every transaction and notification too; its verdict is kept beside each
case ("apple"), and the script stops when it disagrees with the case's expectation — so the
fixtures are shaped as Apple's verifier expects, and the Swift tests compare against both.

Each case names the reason the Swift side must give ("ok" when it must be accepted). Nothing
here comes from Apple: the roots are test roots, and the real ones are configured on the portal
(docs/licensing.md). Run from the repository root: python3 tools/make_licensing_fixtures.py
"""
import base64
import datetime
import hashlib
import json
import os

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

OUT = "Tests/TestSupport/Fixtures/licensing.json"
BUNDLE = "org.hobbystory.fishing"
TEAM = "HOBBYTEAM1"
APP_APPLE_ID = 6450001234
YEARLY = "org.hobbystory.fishing.yearly"
LIFETIME = "org.hobbystory.fishing.lifetime"
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
INTERMEDIATE_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
NONCE_EXTENSION = x509.ObjectIdentifier("1.2.840.113635.100.8.2")
DER_NULL = b"\x05\x00"


def when(text):
    return datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.timezone.utc)


def millis(text):
    return int(when(text).timestamp() * 1000)


def b64(data):
    return base64.b64encode(data).decode()


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def key(curve, number):
    """A fixed key, so that regenerating changes only the random parts of signatures."""
    return ec.derive_private_key(number, curve)


def certificate(name, subject_key, issuer_name, issuer_key, start, end, ca, markers=(), extra=()):
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name),
                                 x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Test Inc. (not Apple)")]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer_name),
                                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Test Inc. (not Apple)")]))
        .public_key(subject_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(when(start))
        .not_valid_after(when(end))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca and markers else None), critical=True)
        .add_extension(
            x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                          encipher_only=False, decipher_only=False), critical=True)
    )
    # Key identifiers, as Apple's certificates carry them (OpenSSL's strict mode, which Apple's
    # library turns on, requires them).
    builder = builder.add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
    if subject_key is not issuer_key:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    for marker in markers:
        builder = builder.add_extension(x509.UnrecognizedExtension(marker, DER_NULL), critical=False)
    for extension in extra:
        builder = builder.add_extension(extension, critical=False)
    return builder.sign(issuer_key, hashes.SHA384() if isinstance(issuer_key.curve, ec.SECP384R1) else hashes.SHA256())


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()


class StorePKI:
    """A root, an intermediate and a leaf shaped like Apple's App Store signing chain."""

    def __init__(self, seed, leaf_dates=("2025-01-01", "2035-01-01"), leaf_marker=True, intermediate_marker=True):
        self.root_key = key(ec.SECP384R1(), seed)
        self.root = certificate("Test Root CA - G3", self.root_key, "Test Root CA - G3", self.root_key,
                                "2014-04-30", "2039-04-30", ca=True)
        self.intermediate_key = key(ec.SECP384R1(), seed + 1)
        self.intermediate = certificate(
            "Test Worldwide Developer Relations Certification Authority", self.intermediate_key,
            "Test Root CA - G3", self.root_key, "2020-01-01", "2030-12-31", ca=True,
            markers=[INTERMEDIATE_MARKER] if intermediate_marker else [])
        self.leaf_key = key(ec.SECP256R1(), seed + 2)
        self.leaf = certificate(
            "Test ECC Mac App Store and iTunes Store Receipt Signing", self.leaf_key,
            "Test Worldwide Developer Relations Certification Authority", self.intermediate_key,
            leaf_dates[0], leaf_dates[1], ca=False, markers=[LEAF_MARKER] if leaf_marker else [])

    def jws(self, payload, signer=None):
        header = {"alg": "ES256", "x5c": [b64(der(c)) for c in (self.leaf, self.intermediate, self.root)]}
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(payload).encode())
        signature = (signer or self.leaf_key).sign(signing_input.encode(), ec.ECDSA(hashes.SHA256()))
        r, s = decode_dss_signature(signature)
        return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def transaction(transaction_id, original, product=YEARLY, expires="2027-11-01", signed="2026-11-01",
                environment="Production", bundle=BUNDLE, revoked=None):
    payload = {
        "transactionId": transaction_id,
        "originalTransactionId": original,
        "bundleId": bundle,
        "productId": product,
        "purchaseDate": millis("2026-11-01"),
        "originalPurchaseDate": millis("2026-11-01"),
        "type": "Auto-Renewable Subscription" if product == YEARLY else "Non-Consumable",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": millis(signed),
        "environment": environment,
        "storefront": "NOR",
        "transactionReason": "PURCHASE",
    }
    if expires:
        payload["expiresDate"] = millis(expires)
    if revoked:
        payload["revocationDate"] = millis(revoked)
        payload["revocationReason"] = 0
    return payload


def store_cases():
    apple = StorePKI(0x5EED01)
    other = StorePKI(0x0DD001)
    expired = StorePKI(0x5EED01, leaf_dates=("2020-01-01", "2022-01-01"))
    future = StorePKI(0x5EED01, leaf_dates=("2030-01-01", "2034-01-01"))
    unmarked_leaf = StorePKI(0x5EED01, leaf_marker=False)
    unmarked_intermediate = StorePKI(0x5EED01, intermediate_marker=False)

    ok = transaction("2000000100", "2000000100")
    tampered = apple.jws(ok).split(".")
    changed = dict(ok, originalTransactionId="2000000999")
    tampered[1] = b64url(json.dumps(changed).encode())
    none_header = b64url(json.dumps({"alg": "none"}).encode()) + "." + b64url(json.dumps(ok).encode()) + "."

    transactions = {
        "ok": (apple.jws(ok), "ok"),
        "lifetime": (apple.jws(transaction("2000000200", "2000000200", product=LIFETIME, expires=None)), "ok"),
        "renewal": (apple.jws(transaction("2000000101", "2000000100", expires="2028-11-01", signed="2026-11-20")), "ok"),
        "second_purchase": (apple.jws(transaction("2000000300", "2000000300")), "ok"),
        "expired_subscription": (apple.jws(transaction("2000000400", "2000000400", expires="2026-10-01")), "ok"),
        "revoked": (apple.jws(transaction("2000000500", "2000000500", revoked="2026-11-15")), "ok"),
        "sandbox": (apple.jws(transaction("2000000600", "2000000600", environment="Sandbox")), "ok"),
        "wrong_bundle": (apple.jws(transaction("2000000700", "2000000700", bundle="com.example.other")), "ok"),
        "other_product": (apple.jws(transaction("2000000800", "2000000800", product="com.example.coins")), "ok"),
        "payload_changed": (".".join(tampered), "bad_signature"),
        "other_key": (apple.jws(ok, signer=key(ec.SECP256R1(), 0xBAD)), "bad_signature"),
        "other_root": (other.jws(ok), "untrusted_chain"),
        "expired_certificate": (expired.jws(ok), "certificate_expired"),
        "future_certificate": (future.jws(ok), "certificate_not_yet_valid"),
        "missing_leaf_marker": (unmarked_leaf.jws(ok), "missing_marker"),
        "missing_intermediate_marker": (unmarked_intermediate.jws(ok), "missing_marker"),
        "alg_none": (none_header, "unsupported_algorithm"),
    }

    def notification(uuid, kind, signed_transaction, subtype=None, bundle=BUNDLE):
        payload = {
            "notificationType": kind,
            "notificationUUID": uuid,
            "version": "2.0",
            "signedDate": millis("2026-11-20"),
            "data": {"bundleId": bundle, "appAppleId": APP_APPLE_ID, "environment": "Production",
                     "signedTransactionInfo": signed_transaction},
        }
        if subtype:
            payload["subtype"] = subtype
        return apple.jws(payload)

    refund_transaction = apple.jws(transaction("2000000100", "2000000100", revoked="2026-11-20", signed="2026-11-20"))
    renewed = transactions["renewal"][0]
    refund = notification("0b6ad3d7-0000-4000-8000-000000000001", "REFUND", refund_transaction)
    changed_refund = refund.split(".")
    changed_refund[1] = b64url(json.dumps({"notificationType": "DID_RENEW", "notificationUUID": "x"}).encode())
    notifications = {
        "refund": (refund, "ok"),
        "did_renew": (notification("0b6ad3d7-0000-4000-8000-000000000002", "DID_RENEW", renewed), "ok"),
        "unknown_type": (notification("0b6ad3d7-0000-4000-8000-000000000003", "PRICE_INCREASE", renewed,
                                      subtype="PENDING"), "ok"),
        "payload_changed": (".".join(changed_refund), "bad_signature"),
        "other_root": (other.jws({"notificationType": "REFUND", "signedDate": millis("2026-11-20")}), "untrusted_chain"),
    }
    return apple, other, transactions, notifications


def apple_verdicts(root, transactions, notifications):
    """What Apple's library says of each case: "accepted" or its VerificationStatus."""
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

    verifier = SignedDataVerifier([der(root)], False, Environment.PRODUCTION, BUNDLE, APP_APPLE_ID)

    def verdict(call, value):
        try:
            call(value)
            return "accepted"
        except VerificationException as error:
            return error.status.name

    return ({name: verdict(verifier.verify_and_decode_signed_transaction, jws) for name, (jws, _) in transactions.items()},
            {name: verdict(verifier.verify_and_decode_notification, jws) for name, (jws, _) in notifications.items()})


# What Apple's library does not judge: the product (it is the server's business).
APPLE_ACCEPTS = {"ok", "unknown_product"}


def cose_key(public_key):
    numbers = public_key.public_numbers()
    return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})


def attest_cases():
    root_key = key(ec.SECP384R1(), 0xA77E57)
    root = certificate("Test App Attestation Root CA", root_key, "Test App Attestation Root CA", root_key,
                       "2020-03-18", "2045-03-15", ca=True)
    intermediate_key = key(ec.SECP384R1(), 0xA77E58)
    intermediate = certificate("Test App Attestation CA 1", intermediate_key, "Test App Attestation Root CA",
                               root_key, "2020-03-18", "2030-03-13", ca=True, markers=[INTERMEDIATE_MARKER])
    other_root_key = key(ec.SECP384R1(), 0x07E4)
    other_root = certificate("Test App Attestation Root CA", other_root_key, "Test App Attestation Root CA",
                             other_root_key, "2020-03-18", "2045-03-15", ca=True)
    other_intermediate = certificate("Test App Attestation CA 1", intermediate_key, "Test App Attestation Root CA",
                                     other_root_key, "2020-03-18", "2030-03-13", ca=True,
                                     markers=[INTERMEDIATE_MARKER])
    device_key = key(ec.SECP256R1(), 0xD3C1CE)
    public_point = device_key.public_key().public_bytes(serialization.Encoding.X962,
                                                         serialization.PublicFormat.UncompressedPoint)
    key_id = hashlib.sha256(public_point).digest()
    challenge = bytes(range(1, 33))
    production = b"appattest" + bytes(7)
    development = b"appattestdevelop"
    rp = hashlib.sha256(f"{TEAM}.{BUNDLE}".encode()).digest()

    def attestation(aaguid=production, rp_hash=rp, counter=0, nonce_challenge=challenge, chain=None):
        auth = rp_hash + bytes([0x41]) + counter.to_bytes(4, "big") + aaguid + len(key_id).to_bytes(2, "big") \
            + key_id + cose_key(device_key.public_key())
        nonce = hashlib.sha256(auth + hashlib.sha256(nonce_challenge).digest()).digest()
        extension = x509.UnrecognizedExtension(NONCE_EXTENSION, b"\x30\x24\xa1\x22\x04\x20" + nonce)
        issuer = chain or (intermediate, intermediate_key)
        leaf = certificate(b64url(key_id), device_key, "Test App Attestation CA 1", issuer[1],
                           "2026-11-01", "2027-11-01", ca=False, extra=[extension])
        return b64(cbor2.dumps({"fmt": "apple-appattest",
                                "attStmt": {"x5c": [der(leaf), der(issuer[0])], "receipt": b"test receipt"},
                                "authData": auth}))

    attestations = {
        "ok": (attestation(), "ok"),
        "development": (attestation(aaguid=development), "ok"),
        "wrong_nonce": (attestation(nonce_challenge=b"another challenge"), "wrong_nonce"),
        "wrong_rp_id": (attestation(rp_hash=hashlib.sha256(b"OTHERTEAM1.com.example.other").digest()), "wrong_rp_id"),
        "nonzero_counter": (attestation(counter=3), "wrong_counter"),
        "unknown_aaguid": (attestation(aaguid=b"somethingelse123"), "wrong_aaguid"),
        "other_root": (attestation(chain=(other_intermediate, intermediate_key)), "untrusted_chain"),
    }

    def assertion(counter, client_data, rp_hash=rp):
        auth = rp_hash + bytes([0x01]) + counter.to_bytes(4, "big")
        nonce = hashlib.sha256(auth + hashlib.sha256(client_data).digest()).digest()
        signature = device_key.sign(nonce, ec.ECDSA(hashes.SHA256()))
        return b64(cbor2.dumps({"signature": signature, "authenticatorData": auth}))

    assertions = [
        {"name": "first", "clientData": b64(b"request one"), "assertion": assertion(1, b"request one")},
        {"name": "second", "clientData": b64(b"request two"), "assertion": assertion(2, b"request two")},
        {"name": "lower", "clientData": b64(b"request three"), "assertion": assertion(1, b"request three")},
        {"name": "other_rp", "clientData": b64(b"request four"),
         "assertion": assertion(5, b"request four", rp_hash=hashlib.sha256(b"x").digest())},
    ]
    private_pem = device_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()).decode()
    return {
        "root": pem(root), "otherRoot": pem(other_root), "teamId": TEAM, "keyId": b64(key_id),
        "devicePrivateKey": private_pem,
        "publicKey": b64(public_point), "challenge": b64(challenge),
        "attestations": {name: {"attestation": value, "expect": expect} for name, (value, expect) in attestations.items()},
        "assertions": assertions,
    }


def entitlement_case():
    seed = bytes(range(100, 132))
    signing_key = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    public = signing_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    claims = {"account": "5f0c2b1e-8d4a-4c3b-9e2f-1a2b3c4d5e6f", "device": "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
              "product": YEARLY, "expires": millis("2027-11-01"), "issued": millis("2026-12-01"),
              "validUntil": millis("2026-12-15")}
    header = b64url(json.dumps({"alg": "EdDSA", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = b64url(json.dumps(claims, separators=(",", ":")).encode())
    signature = signing_key.sign(f"{header}.{payload}".encode())
    return {"seed": b64(seed), "publicKey": b64(public), "claims": claims,
            "token": f"{header}.{payload}.{b64url(signature)}"}


def main():
    apple, other, transactions, notifications = store_cases()
    apple_transactions, apple_notifications = apple_verdicts(apple.root, transactions, notifications)
    for name, (_, expect) in transactions.items():
        ours = {"wrong_bundle": "wrong_bundle", "sandbox": "wrong_environment", "other_product": "unknown_product"}.get(
            name, expect)
        if (ours in APPLE_ACCEPTS) != (apple_transactions[name] == "accepted"):
            raise SystemExit(f"transaction {name}: expected {ours}, Apple's library says {apple_transactions[name]}")
    for name, (_, expect) in notifications.items():
        if (expect == "ok") != (apple_notifications[name] == "accepted"):
            raise SystemExit(f"notification {name}: expected {expect}, Apple's library says {apple_notifications[name]}")
    fixtures = {
        "bundleId": BUNDLE,
        "products": [YEARLY, LIFETIME],
        "appStoreRoot": pem(apple.root),
        "otherRoot": pem(other.root),
        "transactions": {name: {"jws": value, "expect": expect, "apple": apple_transactions[name]}
                         for name, (value, expect) in transactions.items()},
        "notifications": {name: {"signedPayload": value, "expect": expect, "apple": apple_notifications[name]}
                          for name, (value, expect) in notifications.items()},
        "appAttest": attest_cases(),
        "entitlement": entitlement_case(),
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as file:
        json.dump(fixtures, file, indent=1, sort_keys=True)
        file.write("\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
