#!/usr/bin/env python3
"""Record the short playable video the site's browser tests stream (issue 16 §4: "play a video
range"). The metadata fixtures in Tests/MediaMetadataTests are containers without pictures, which
no browser can play, so this asks headless Chromium itself to record two seconds of a canvas
animation as H.264 in MP4 (MediaRecorder) and writes it to Tests/PortalTests/Fixtures/site_video.mp4.

    python3 tools/make_site_video.py      # needs chromium, chromium-driver and selenium

The clip is generated, not filmed: it carries no one's likeness or rights.
"""
import base64
import pathlib

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/PortalTests/Fixtures/site_video.mp4"

RECORD = """
const done = arguments[arguments.length - 1];
const canvas = document.createElement('canvas');
canvas.width = 160; canvas.height = 120;
document.body.appendChild(canvas);
const context = canvas.getContext('2d');
const recorder = new MediaRecorder(canvas.captureStream(15), {mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 100000});
const chunks = [];
recorder.ondataavailable = event => chunks.push(event.data);
recorder.onstop = async () => {
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  done(btoa(text));
};
let frame = 0;
const timer = setInterval(() => {
  context.fillStyle = '#0b5c7a'; context.fillRect(0, 0, 160, 120);
  context.fillStyle = '#f0a500'; context.fillRect((frame * 6) % 160, 45, 30, 30);
  frame += 1;
}, 66);
recorder.start();
setTimeout(() => { clearInterval(timer); recorder.stop(); }, 2000);
"""


def main():
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_script_timeout(30)
        driver.get("about:blank")
        data = base64.b64decode(driver.execute_async_script(RECORD))
    finally:
        driver.quit()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
