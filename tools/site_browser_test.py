#!/usr/bin/env python3
"""Drive the portal's site in a real browser (issue 16 §4): headless Chromium through Selenium,
at phone (390×844), tablet (820×1180) and desktop (1440×900) sizes.

    python3 tools/site_browser_test.py SCENARIO.json [--screenshots DIR]

SCENARIO.json (written by the Swift test SiteBrowserTests, which also starts the portal and
fills it) names the site's URL, the accounts and the records to look for. At each size the
browser signs in, browses and filters the diary, opens a trip, a catch, its photo full size and
its video (played and scrubbed), sees the map (clusters, a clicked point), runs a built-in report, one built by choosing, one saved
in the app and a wrong formula, switches the language, signs a device out after confirming, is
refused another account's trip and the administration, and signs out; opens a shared catch's link as
anyone would (photo, map tile, the place to about 1 km and never finer) and a revoked one; then an administrator
opens the statistics, renames a species (the Swift test syncs a device and finds the name) and
acknowledges the most frequent error report after reading it and its chart; every page is scanned with axe-core (no serious
or critical violations), checked for horizontal overflow and, at phone size, for touch targets
smaller than 44 px. With --screenshots, every page at every size is written to
DIR/<size>/<page>.png. Exits 1 listing every failure.
"""
import argparse
import json
import pathlib
import shutil
import sys
import tempfile
import time

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
TOUCH_TARGETS = "header a, header button, main button, main .button, main input, main select, main summary, nav a"


class Run:
    def __init__(self, scenario, screenshots):
        self.scenario = scenario
        self.url = scenario["url"].rstrip("/")
        self.screenshots = pathlib.Path(screenshots) if screenshots else None
        self.failures = []

    def check(self, condition, message):
        if not condition:
            self.failures.append(f"[{self.size}] {message}")
        return condition

    def start(self, size):
        self.size = size
        width, height = SIZES[size]
        options = Options()
        # A profile of our own, removed afterwards: left to itself Chromium makes one in TMPDIR
        # and leaves it there.
        self.profile = tempfile.mkdtemp(prefix="site-browser-profile-")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--lang=en-GB",
                         "--autoplay-policy=no-user-gesture-required", f"--user-data-dir={self.profile}"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})
        if size == "phone":
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})

    def open(self, path):
        self.driver.get(self.url + path)

    def page(self, name):
        """Checks the page in view (accessibility, overflow, touch targets) and photographs it."""
        driver = self.driver
        for entry in driver.get_log("browser"):
            # An error page's own status (404, 403…) is what the step asked for.
            expected = entry["message"].startswith(driver.current_url + " - Failed to load resource")
            if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"] and not expected:
                self.check(False, f"{name}: the browser reported {entry['message'][:300]}")
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        for violation in results["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = [node["target"] for node in violation["nodes"]][:3]
                self.check(False, f"{name}: axe {violation['impact']} {violation['id']}: {violation['help']} at {targets}")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 0:
            widest = driver.execute_script("""
                const width = document.documentElement.clientWidth;
                return Array.from(document.querySelectorAll('body *'))
                  .filter(e => e.getBoundingClientRect().right > width + 1)
                  .filter(e => !Array.from(e.children).some(c => c.getBoundingClientRect().right > width + 1))
                  .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
            """)
            self.check(False, f"{name}: the page is {overflow} px wider than the screen: {widest}")
        if self.size == "phone":
            small = driver.execute_script("""
                return Array.from(document.querySelectorAll(arguments[0]))
                  .filter(e => e.offsetParent !== null && e.type !== 'hidden')
                  .map(e => [e.tagName + (e.textContent ? ' ' + e.textContent.trim().slice(0, 30) : ''),
                             e.getBoundingClientRect()])
                  .filter(([_, r]) => r.width < 44 || r.height < 44)
                  .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
            """, TOUCH_TARGETS)
            self.check(not small, f"{name}: touch targets under 44 px: {small[:5]}")
        if self.screenshots:
            driver.execute_script("window.scrollTo(0, 0)")
            target = self.screenshots / self.size
            target.mkdir(parents=True, exist_ok=True)
            height = driver.execute_script("return document.documentElement.scrollHeight")
            width = SIZES[self.size][0]
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": max(SIZES[self.size][1], min(height, 4000)), "deviceScaleFactor": 1,
                "mobile": self.size == "phone"})
            driver.save_screenshot(str(target / f"{name}.png"))
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": SIZES[self.size][1], "deviceScaleFactor": 1, "mobile": self.size == "phone"})

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def wait(self, condition, message, timeout=10):
        try:
            # A page being replaced mid-check is "not yet", not a failure.
            WebDriverWait(self.driver, timeout, ignored_exceptions=(WebDriverException,)).until(lambda _: condition())
            return True
        except Exception:
            return self.check(False, message)

    def size_run(self, size):
        self.start(size)
        try:
            self.steps()
        except Exception as error:  # a broken step fails this size, with what was happening
            self.check(False, f"stopped at {self.driver.current_url}: {error!r}")
        finally:
            self.driver.quit()
            shutil.rmtree(self.profile, ignore_errors=True)

    def steps(self):
        scenario, driver = self.scenario, self.driver
        anna = scenario["anna"]
        self.open("/diary")
        self.check(driver.current_url.startswith(self.url + "/signin"), "the diary sends a visitor to sign in")
        help_button = driver.find_element(By.CSS_SELECTOR, ".help summary")
        help_button.click()
        self.check(driver.find_element(By.ID, "email-help").is_displayed(), "the ? opens the email field's help")
        self.page("signin")
        driver.find_element(By.ID, "email").send_keys(anna["email"])
        driver.find_element(By.ID, "password").send_keys(anna["password"])
        driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]").click()
        self.wait(lambda: driver.current_url.startswith(self.url + "/diary"), "signing in opens the diary")
        self.check(f"{scenario['tripCount']} trips" in self.text(), "the diary counts every trip")
        self.page("diary")

        Select(driver.find_element(By.ID, "species")).select_by_value(scenario["filterSpecies"])
        driver.find_element(By.CSS_SELECTOR, "form.filters button[type=submit]").click()
        self.wait(lambda: "species=" in driver.current_url, "the filter is applied")
        self.check(f"{scenario['filteredCount']} trips" in self.text(), "the species filter narrows the trips")
        self.page("diary-filtered")

        self.open("/diary")
        driver.find_element(By.LINK_TEXT, scenario["mediaTripTitle"]).click()
        self.wait(lambda: "/diary/trips/" in driver.current_url, "a trip opens")
        self.check("Catches" in self.text(), "the trip lists its catches")
        self.page("trip")
        driver.find_element(By.CSS_SELECTOR, "main table a").click()
        self.wait(lambda: "/diary/catches/" in driver.current_url, "a catch opens")
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.gallery img'); return i && i.complete && i.naturalWidth > 0"),
            "the catch's photo loads")
        video_ready = self.wait(lambda: driver.execute_script(
            "const v = document.querySelector('.gallery video'); return v && v.readyState >= 1 && v.duration > 0"),
            "the video's metadata loads")
        if video_ready:
            seeked = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const video = document.querySelector('.gallery video');
                video.addEventListener('seeked', () => done(video.currentTime), {once: true});
                video.currentTime = video.duration / 2;
                setTimeout(() => done(-1), 5000);
            """)
            self.check(seeked > 0, f"scrubbing the video lands in its middle (got {seeked})")
        self.page("catch")
        catch_url = driver.current_url
        driver.find_element(By.CSS_SELECTOR, ".gallery a img").click()
        self.wait(lambda: "/diary/media/" in driver.current_url, "the photo opens full size")
        self.check(driver.execute_script(
            "const i = document.querySelector('img'); return document.contentType == 'image/jpeg' && i && i.naturalWidth > 0"),
            "the photo opens on its own, as a JPEG")
        self.open(catch_url.replace(self.url, ""))

        driver.find_element(By.CSS_SELECTOR, ".languages a[hreflang=ru]").click()
        self.wait(lambda: driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru", "the switch speaks Russian")
        self.check("Когда" in self.text(), "the catch page is in Russian")
        self.page("catch-ru")
        driver.find_element(By.CSS_SELECTOR, ".languages a[hreflang=en]").click()

        self.open("/map")
        self.wait(lambda: driver.find_element(By.ID, "map").get_attribute("data-loaded"), "the map loads the spots and catches")
        self.check(driver.find_elements(By.CSS_SELECTOR, ".marker-cluster, .leaflet-marker-icon"), "markers are on the map")
        driver.execute_script(
            "const m = document.getElementById('map').getBoundingClientRect();"
            "document.elementFromPoint(m.left + 12, m.top + m.height - 12).dispatchEvent("
            "new MouseEvent('click', {bubbles: true, clientX: m.left + 12, clientY: m.top + m.height - 12}));")
        self.wait(lambda: driver.find_element(By.ID, "map").get_attribute("data-point"), "a click tells what is at that point")
        self.page("map")

        # A view named in the address, over the portal's offline pack: the portal draws its tiles.
        pack = self.scenario["mapPack"]
        driver.get("about:blank")
        self.open(f"/map#{pack['lat']},{pack['lon']},{pack['zoom']}")
        self.wait(lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('img.leaflet-tile')).filter(i =>"
            " i.src.includes(arguments[0]) && i.complete && i.naturalWidth === 256).length >= 2", pack["tiles"]),
            "the portal's offline pack is drawn on the map")
        self.page("map-pack")

        self.open("/reports")
        driver.find_element(By.CSS_SELECTOR, "a[href='/reports?report=catches-by-species']").click()
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.chart img'); return i && i.complete && i.naturalWidth > 0"),
            "a built-in report draws its chart")
        self.check("Northern pike" in self.text(), "the report's table names the species")
        self.page("reports")
        saved = self.scenario["savedReport"]
        driver.find_element(By.CSS_SELECTOR, f"a[href='/reports?saved={saved['id']}']").click()
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.chart img'); return i && i.complete && i.naturalWidth > 0"),
            "a report saved in the app draws its chart")
        self.check(saved["title"] in self.text(), "the saved report is shown under its name")
        self.page("report-saved")
        Select(driver.find_element(By.ID, "recipe-measure")).select_by_value("fish")
        Select(driver.find_element(By.ID, "recipe-by")).select_by_value("spot")
        driver.find_element(By.CSS_SELECTOR, "form.builder input[name=order]").click()
        driver.find_element(By.CSS_SELECTOR, "form.builder button[type=submit]").click()
        self.wait(lambda: "by=spot" in driver.current_url, "the builder's choices are asked for")
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.chart img'); return i && i.complete && i.naturalWidth > 0"),
            "the builder's report draws its chart")
        self.check("Fish caught by spot" in self.text(), "the builder names the report")
        self.check(driver.find_element(By.ID, "formula").get_attribute("value") == "sum(catch.count) by spot order desc",
                   "the builder writes its formula into the formula box")
        self.page("report-builder")
        formula = driver.find_element(By.ID, "formula")
        formula.clear()
        formula.send_keys("sum(catch.wieght) by species")
        driver.find_element(By.CSS_SELECTOR, "form.formula button[type=submit]").click()
        self.wait(lambda: "has no field" in self.text(), "a formula's mistake is explained")
        self.page("report-problem")

        self.open("/account")
        self.page("account")
        device = scenario["devicesToRevoke"][self.size]
        row = driver.find_element(By.XPATH, f"//tr[th[normalize-space()='{device}']]")
        row.find_element(By.CSS_SELECTOR, "a.button").click()
        self.wait(lambda: driver.current_url.endswith("/revoke"), "signing a device out asks first")
        self.check(device in self.text(), "the confirmation names the device")
        self.page("confirm")
        driver.find_element(By.CSS_SELECTOR, "main form button").click()
        self.wait(lambda: "done=device" in driver.current_url, "confirming signs the device out")
        row = driver.find_element(By.XPATH, f"//tr[th[normalize-space()='{device}']]")
        self.check("signed out" in row.text, "the device shows as signed out")

        self.open(f"/diary/trips/{scenario['otherAccountTrip']}")
        self.check("Not found" in self.text(), "another account's trip is not found")
        self.page("not-found")

        self.open("/admin")
        self.check("Not allowed" in self.text(), "an angler is refused the administration")
        self.sign_out()
        self.shared_link()
        self.administer()

    def shared_link(self):
        """A shared catch's link, opened by someone without an account: the photo and the map
        tile load, the place is given to about 1 km and never finer; a revoked link is gone."""
        driver, shared = self.driver, self.scenario["shared"]
        driver.get_log("browser")  # the refused /admin before it was asked for
        self.open(shared["path"])
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.shared-photo'); return i && i.complete && i.naturalWidth > 0"),
            "the shared photo loads")
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.shared-map img'); return i && i.complete && i.naturalWidth === 256"),
            "the shared map's tile loads")
        text = self.text()
        self.check("within about 1 km of" in text and "Uusimaa, Finland" in text, "the place is given to about 1 km")
        for secret in shared["secrets"]:
            self.check(secret not in driver.page_source, f"the page never holds the spot's {secret}")
        self.check(not driver.find_elements(By.CSS_SELECTOR, ".visitor, nav a"), "the page shows no account")
        self.page("shared-catch")
        self.open(shared["gone"])
        self.check("no longer works" in self.text(), "a revoked link says it is gone")
        self.page("shared-gone")
        self.open("/signin")

    def sign_out(self):
        driver = self.driver
        driver.find_element(By.CSS_SELECTOR, ".visitor button").click()
        self.wait(lambda: driver.current_url.startswith(self.url + "/signin"), "signing out returns to the sign-in page")
        self.open("/diary")
        self.check(driver.current_url.startswith(self.url + "/signin"), "after signing out the diary needs a sign-in")

    def administer(self):
        """The administrator renames a species; the Swift test then syncs a device and finds the name."""
        driver, admin = self.driver, self.scenario["admin"]
        driver.find_element(By.ID, "email").send_keys(admin["email"])
        driver.find_element(By.ID, "password").send_keys(admin["password"])
        driver.find_element(By.CSS_SELECTOR, "form.panel button[type=submit]").click()
        self.wait(lambda: "/diary" in driver.current_url, "the administrator signs in")
        driver.find_element(By.CSS_SELECTOR, "nav a[href='/admin']").click()
        self.wait(lambda: driver.current_url.endswith("/admin"), "the administration opens from the menu")
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.chart img'); return i && i.complete && i.naturalWidth > 0"),
            "the downloads chart is drawn")
        self.page("admin")
        driver.find_element(By.CSS_SELECTOR, "a[href='/admin/directories/species']").click()
        self.wait(lambda: "/admin/directories/species" in driver.current_url, "the species directory opens")
        self.page("directory")
        species = self.scenario["renameSpecies"]
        driver.find_element(By.XPATH, f"//tr[td/code[text()='{species}']]//a").click()
        self.wait(lambda: driver.current_url.endswith(f"/admin/directories/species/{species}"), "an entry opens")
        self.page("directory-entry")
        name = driver.find_element(By.ID, "name")
        name.clear()
        name.send_keys(f"{self.scenario['renamedTo']} ({self.size})")
        driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait(lambda: "done=renamed" in driver.current_url, "the new name is saved")
        self.check(f"{self.scenario['renamedTo']} ({self.size})" in self.text(), "the directory shows the new name")
        self.errors()
        self.licences()
        self.sign_out()

    def errors(self):
        """The administrator reads the error reports, opens the most frequent and acknowledges it."""
        driver = self.driver
        self.open_first("/admin/errors", "errors", "a problem")
        self.wait(lambda: driver.execute_script(
            "const i = document.querySelector('.chart img'); return i && i.complete && i.naturalWidth > 0"),
            "the chart of occurrences per day is drawn")
        self.page("error-group")
        driver.find_element(By.XPATH, "//form[input[@name='status'][@value='acknowledged']]//button").click()
        self.wait(lambda: "done=acknowledged" in driver.current_url, "the problem is acknowledged")

    def licences(self):
        """The administrator reads the licences and opens the purchase another account tried to share."""
        self.open_first("/admin/licences", "licences", "a purchase")
        self.check(self.scenario["sharedBy"] in self.text(), "the refused sharing names the other account")
        self.page("licence")

    def open_first(self, path, name, what):
        """From the administration page, opens the list at `path`, checks it as `name`, and opens
        its first row."""
        driver = self.driver
        self.open("/admin")
        driver.find_element(By.CSS_SELECTOR, f"main a[href='{path}']").click()
        self.wait(lambda: driver.current_url.endswith(path), f"{name} open")
        self.page(name)
        driver.find_element(By.CSS_SELECTOR, "main table tbody tr th a").click()
        self.wait(lambda: f"{path}/" in driver.current_url, f"{what} opens")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenario")
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    run = Run(json.loads(pathlib.Path(arguments.scenario).read_text()), arguments.screenshots)
    started = time.monotonic()
    for size in SIZES:
        run.size_run(size)
    print(f"site browser run: {len(SIZES)} sizes in {time.monotonic() - started:.1f} s, {len(run.failures)} failures")
    for failure in run.failures:
        print("FAIL", failure)
    sys.exit(1 if run.failures else 0)


if __name__ == "__main__":
    main()
