"""Drawing an art module's image into the frame buffer, pure version (core/image_viper.py is
its viper twin, for the board; core/gfx.py's image() clips and picks one)."""


def draw(dst, src, pal, p):
    """Image pixels into the frame: source bytes a row p[0],
    visible columns p[1]..p[2] and rows p[3]..p[4], drawn from p[5], p[6], colour p[7] left out."""
    row = p[0]
    x = p[5]
    y = p[6]
    key = p[7]
    for j in range(p[3], p[4]):
        s = j * row
        o = y * 120
        xx = x
        for i in range(p[1], p[2]):
            b = src[s + (i >> 1)]
            c = pal[b & 15] if i & 1 else pal[b >> 4]
            if c != key:
                d = o + (xx >> 1)
                dst[d] = (dst[d] & 0xF0) | c if xx & 1 else (dst[d] & 0x0F) | (c << 4)
            xx += 1
        y += 1
