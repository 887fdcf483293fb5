"""The web page's figures for docs/web.md, measured in headless Chromium on this machine, and the
README's picture of the page on a phone.

    python tools/web_figures.py [--seconds S] [--loads N] [--shot PNG]

Builds the page into a temporary folder, serves it on localhost and prints: the bytes the page
transfers on a first visit, the time from navigation to the launcher drawn (N loads), and the
page's frame time (ms of a rendered frame: the console's steps and the drawing) while bots play
a tower game and a No Respect game live for S seconds each, with the page's allocation figure.
--shot writes a phone-sized (390x844 CSS px, 2x) screenshot of a tower game being played.
"""
import os
import shutil
import statistics
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools")]
import web_build  # noqa: E402
import web_serve  # noqa: E402
from host_sim.args import Parser, whole  # noqa: E402

# Debian's chromium, as the tests run it (tests/test_web.py): headless, and nothing but localhost
CHROMIUM = os.environ.get("PICOTABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "window.picotable && window.picotable.loadMs > 0"     # the launcher drawn
GAMES = (("tower", "bot:hard,bot:normal,bot:easy,bot:hard", ""),
         ("norespect", "bot:hard,bot:normal,bot:easy,bot:hard", ""))


def load(browser, url, **context):
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=30000)
    return page


def transferred(page):
    return page.evaluate("""(() => {
        const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return all.map(e => [e.name.split('/').pop() || 'index.html', e.transferSize, e.encodedBodySize]);
    })()""")


def play(page, game, seats, options, seconds):
    """Bots play live for `seconds`; the page's frame times and allocation figure."""
    page.evaluate("a => { picotable.launch(a[0], a[1], a[2]); picotable.times.length = 0; }", [game, seats, options])
    page.wait_for_timeout(seconds * 1000)
    return page.evaluate("picotable.stats()")


# three hard bots, seed 5, no input: at step 1120 Hard 2 carries the bucket over a cross
SHOT_RECORDING = "picotable-input 1\nseed 5\nsettings -\naccel sim\n1120 0 0 0 1000\n"


def shot(browser, url, path):
    """A tower game on a phone-sized page (the same picture every time: a replay)."""
    page = load(browser, url, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                is_mobile=True, has_touch=True)
    page.evaluate("t => { picotable.play(t, {game: 'tower', seats: 'bot:hard,bot:hard,bot:hard',"
                  " options: '010', auto: false}); picotable.steps(1120); }", SHOT_RECORDING)
    page.screenshot(path=path)
    page.context.close()


def main(argv=None):
    ap = Parser(prog="python tools/web_figures.py", description="the web page's figures and picture")
    ap.add_argument("--seconds", type=whole(1, 600), default=20, help="seconds of live play per game (default 20)")
    ap.add_argument("--loads", type=whole(1, 50), default=5, help="page loads to time (default 5)")
    ap.add_argument("--shot", metavar="PNG", help="write the phone-sized screenshot here")
    a = ap.parse_args(argv)
    if a.shot and not os.path.isdir(os.path.dirname(os.path.abspath(a.shot))):
        ap.error("--shot %s: no such folder" % a.shot)
    if not os.path.exists(CHROMIUM):
        print("web_figures: no Chromium at %s (apt-get install chromium, or set PICOTABLE_CHROMIUM)" % CHROMIUM,
              file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright
    out = os.path.join(tempfile.mkdtemp(prefix="picotable-web-"), "web")
    try:
        sizes = web_build.build(out)
        srv = web_serve.server(out)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/" % srv.server_address[1]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            print("files: %s bytes (%s)" % (format(sum(sizes.values()), ","),
                                            ", ".join("%s %s" % (k, format(v, ",")) for k, v in sizes.items())))
            times = []
            for i in range(a.loads):
                page = load(browser, url)
                times.append(page.evaluate("picotable.loadMs"))
                if i == 0:
                    got = transferred(page)
                    print("first visit: %d requests, %s bytes transferred (%s bytes of content)" % (
                        len(got), format(sum(t for _, t, _ in got), ","), format(sum(b for _, _, b in got), ",")))
                page.context.close()
            print("load to launcher drawn: median %.0f ms, max %.0f ms (%d loads)" % (
                statistics.median(times), max(times), len(times)))
            for game, seats, options in GAMES:
                page = load(browser, url)
                st = play(page, game, seats, options, a.seconds)
                print("%s (%s), %d s live: %d frames, %.2f ms mean, %.2f ms p95; game calls %d, allocating %d" % (
                    game, seats, a.seconds, st["frames"], st["mean"], st["p95"], st["gameCalls"], st["allocCalls"]))
                page.context.close()
            if a.shot:
                shot(browser, url, a.shot)
                print("wrote", a.shot)
            browser.close()
        srv.shutdown()
        srv.server_close()
    finally:
        shutil.rmtree(os.path.dirname(out), ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
