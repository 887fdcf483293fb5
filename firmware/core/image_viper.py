"""Drawing an art module's image into the frame buffer, viper version (the board's fast path;
core/image_pure.py is its twin with the same contract and results)."""
import micropython


@micropython.viper
def draw(dst: ptr8, src: ptr8, pal: ptr8, p: ptr32):
    row = int(p[0])
    i0 = int(p[1])
    i1 = int(p[2])
    j = int(p[3])
    j1 = int(p[4])
    x = int(p[5])
    y = int(p[6])
    key = int(p[7])
    while j < j1:
        s = j * row
        o = y * 120
        i = i0
        xx = x
        while i < i1:
            b = int(src[s + (i >> 1)])
            if i & 1:
                c = int(pal[b & 15])
            else:
                c = int(pal[b >> 4])
            if c != key:
                d = o + (xx >> 1)
                if xx & 1:
                    dst[d] = (int(dst[d]) & 0xF0) | c
                else:
                    dst[d] = (int(dst[d]) & 0x0F) | (c << 4)
            i += 1
            xx += 1
        j += 1
        y += 1
