"""make bench-pico's board harness (tools/pico) on a port with the stand-in hardware: the test
that keeps it from rotting, since the emulated Pico is not part of make test.

    pico_harness_smoke.py PART [ARG ...]     benchpico.main(PART, ARG..., fake=True)
    pico_harness_smoke.py stats              FrameStats fed 100 frames of 1, 2 ... 100 ms
"""
import sys

if sys.argv[1] == "stats":
    from frame_stats import FrameStats
    st = FrameStats()
    st.begin(1000)
    for i in range(1, 101):
        st.add(i * 1000, i, 1000 + (i == 7) * 64)
    print("bp stats " + st.fields())
else:
    import benchpico
    benchpico.main(sys.argv[1], *sys.argv[2:], fake=True)
