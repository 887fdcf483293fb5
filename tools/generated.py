"""The command line shared by the tools that write a generated firmware module (tiles, tables):
write it, or with --check exit 1 when the committed file differs from what would be written."""
import os


def main(argv, prog, doc, path, source):
    """Run a generator: `source()` gives the module's text, `path` is where it goes."""
    from host_sim.args import Parser
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rel = os.path.relpath(path, root)
    p = Parser(prog=prog, description=doc.split("\n")[0])
    p.add_argument("--check", action="store_true",
                   help="exit 1 if %s is not up to date" % os.path.basename(path))
    check = p.parse_args(argv).check
    want = source()
    if check:
        try:
            with open(path) as f:
                have = f.read()
        except OSError:
            have = None
        if have != want:
            print("%s is out of date: run %s" % (rel, prog))
            return 1
        return 0
    with open(path, "w") as f:
        f.write(want)
    print("wrote", rel)
    return 0
