#!/usr/bin/env python3
"""Writes the App Store Connect Sales Summary report fixtures for Tests/AppStoreReportsTests.

The files follow the tab-separated layout App Store Connect delivers for daily SALES/SUMMARY
reports (version 1_0 columns), one plain and one gzip-compressed, plus expected.json: the units
per day, app, country and kind, summed here independently of the Swift parser. With --key it
also makes a P-256 key pair with the openssl command (test-only-key.p8, as App Store Connect
hands out API keys, and its public half) for the token tests. Run from the repository root:
python3 tools/make_sales_reports.py [--key]
"""
import gzip
import json
import os
import subprocess
import sys

COLUMNS = [
    "Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier",
    "Units", "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code",
    "Currency of Proceeds", "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier",
    "Subscription", "Period", "Category", "CMB", "Device", "Supported Platforms", "Proceeds Reason",
    "Preserved Pricing", "Client", "Order Type",
]
APP = "6450001234"
OTHER_APP = "6450009999"
KINDS = {"1": "download", "1F": "download", "1T": "download", "3F": "redownload", "7F": "update", "7T": "update"}

# (product type, units, country, apple id, device, parent identifier)
DAYS = {
    "06/01/2026": [
        ("1F", 12, "US", APP, "iPhone", ""),
        ("1F", 5, "RU", APP, "iPhone", ""),
        ("1T", 3, "DE", APP, "iPad", ""),
        ("1F", -1, "US", APP, "iPhone", ""),  # a refund
        ("3F", 2, "RU", APP, "iPhone", ""),
        ("7F", 40, "US", APP, "iPhone", ""),
        ("IA1", 7, "US", "6450005555", "iPhone", "fishing.premium"),  # an in-app purchase: not a download
        ("1F", 9, "FI", OTHER_APP, "iPhone", ""),
    ],
    "06/02/2026": [
        ("1", 4, "RU", APP, "iPhone", ""),
        ("1F", 6, "KZ", APP, "iPad", ""),
        ("7T", 11, "DE", APP, "iPad", ""),
        ("7F", 8, "DE", APP, "iPhone", ""),
    ],
}


def row(day, product_type, units, country, apple_id, device, parent):
    values = {
        "Provider": "APPLE", "Provider Country": "US", "SKU": "hobbystory.fishing", "Developer": "The Hobby Story",
        "Title": "The Hobby Story - Fishing", "Version": "1.2", "Product Type Identifier": product_type,
        "Units": str(units), "Developer Proceeds": "0", "Begin Date": day, "End Date": day,
        "Customer Currency": "USD", "Country Code": country, "Currency of Proceeds": "USD",
        "Apple Identifier": apple_id, "Customer Price": "0", "Promo Code": "", "Parent Identifier": parent,
        "Subscription": "", "Period": "", "Category": "Sports", "CMB": "", "Device": device,
        "Supported Platforms": "iOS", "Proceeds Reason": "", "Preserved Pricing": "", "Client": "",
        "Order Type": "",
    }
    return "\t".join(values[c] for c in COLUMNS)


def report(day):
    return "\n".join(["\t".join(COLUMNS)] + [row(day, *r) for r in DAYS[day]]) + "\n"


def main():
    folder = os.path.join("Tests", "AppStoreReportsTests", "Fixtures")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "sales_2026-06-01.txt"), "w", encoding="utf-8") as f:
        f.write(report("06/01/2026"))
    with open(os.path.join(folder, "sales_2026-06-02.txt.gz"), "wb") as f:
        f.write(gzip.compress(report("06/02/2026").encode("utf-8"), mtime=0))
    totals = {}
    for day, rows in DAYS.items():
        month, d, year = day.split("/")
        iso = f"{year}-{month}-{d}"
        for product_type, units, country, apple_id, _, _ in rows:
            kind = KINDS.get(product_type)
            if kind is None:
                continue
            key = f"{iso} {apple_id} {country} {kind}"
            totals[key] = totals.get(key, 0) + units
    with open(os.path.join(folder, "expected.json"), "w", encoding="utf-8") as f:
        json.dump({"app": APP, "units": totals}, f, indent=1, sort_keys=True)
        f.write("\n")
    if "--key" in sys.argv:
        key = os.path.join(folder, "test-only-key.p8")
        subprocess.run(
            ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key], check=True)
        subprocess.run(
            ["openssl", "pkey", "-in", key, "-pubout", "-out", os.path.join(folder, "test-only-key.pub.pem")],
            check=True)


if __name__ == "__main__":
    main()
