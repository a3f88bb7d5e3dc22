#!/usr/bin/env python3
"""Photographs the app's wireframes (issue 14 §4) with headless Chromium:
HTML_DIR/{iphone,ipad}/*.html -> OUT_DIR/{iphone,ipad}/*.png at 390x844 and 1180x820.

    tools/screenshot_wireframes.py HTML_DIR OUT_DIR
"""
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

SIZES = {"iphone": (390, 844), "ipad": (1180, 820)}


def main(html_dir, out_dir):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    count = 0
    try:
        for device, (width, height) in SIZES.items():
            target = pathlib.Path(out_dir) / device
            target.mkdir(parents=True, exist_ok=True)
            for stale in target.glob("*.png"):
                stale.unlink()
            for page in sorted((pathlib.Path(html_dir) / device).glob("*.html")):
                driver.set_window_size(width, height)
                driver.get(page.resolve().as_uri())
                # The window's outer size includes no chrome in headless mode; match the viewport exactly.
                inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
                driver.set_window_size(width + width - inner[0], height + height - inner[1])
                driver.save_screenshot(str(target / (page.stem + ".png")))
                count += 1
    finally:
        driver.quit()
    print("%d wireframes photographed" % count)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
