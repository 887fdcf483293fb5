"""The command line shared by the tools that write generated firmware code (tiles, tables, the
tower's constant copies): write it, or with --check exit 1 when a committed file differs from
what would be written."""
import os


def main(argv, prog, doc, path, source):
    """Run a generator of one module: `source()` gives its text, `path` is where it goes."""
    return main_files(argv, prog, doc, lambda: {path: source()})


def main_files(argv, prog, doc, sources, arguments=None):
    """Run a generator of several files: `sources()` gives {path: text}; with `arguments(parser)`
    adding the generator's own arguments, `sources(args)` gets them."""
    from host_sim.args import Parser
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = Parser(prog=prog, description=doc.split("\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if a file is not up to date")
    if arguments:
        arguments(p)
    args = p.parse_args(argv)
    status = 0
    for path, want in (sources(args) if arguments else sources()).items():
        rel = os.path.relpath(path, root)
        try:
            with open(path) as f:
                have = f.read()
        except OSError:
            have = None
        if have == want:
            continue
        if args.check:
            print("%s is out of date: run %s" % (rel, prog))
            status = 1
        else:
            with open(path, "w") as f:
                f.write(want)
            print("wrote", rel)
    return status
