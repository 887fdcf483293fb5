"""Tower bots: easy, normal, hard. Everything in this game is public (towers, tokens, the
supply), so a bot may look at every tower (G-4 holds trivially).

How a bot thinks
- Risk table: for each seat and supply piece, the risk (0..1000) of the best drop of that piece
  onto that seat's tower found by the geometric drop test (games/tower/geom.py: support margin
  under the centroid, the tower's centre of mass over its footing, never the table), over the
  piece's first three resting angles and positions 6 px apart. A row is recomputed only when
  that tower changed; the table is shared by all bots.
- Choices from the table: Build the piece safest for itself (opening bid 0), or Push the piece
  that a simulated push chain (every receiver pays while the piece is risky enough for it and it
  can pay) leaves with an opponent at the highest risk; raise in an auction while the piece is
  safe for it and the price leaves a reserve of tokens for pushes; on a push, pay when the
  piece's risk outweighs the cost.
- Equal best choices (pieces of the same risk, pushes worth the same, candidates that moved the
  tower equally) are told apart by the bots' generator (seeded with the game): another seed gives
  another game, the same seed the same game.
- Placing: every resting angle and every position 2 px apart, ranked by the drop test plus
  shaping (a low tower, a flat top); normal and hard then drop the best 2 / 4 candidates in a
  scratch copy of the real world for up to _VERIFY_FRAMES frames and keep the one that moved
  the tower least (a collapse there rules it out). Then the bot steers the real carried piece
  with a synthetic accelerometer stream through its own core.tilt.Tilt (the console's filter and
  dead zone) into the same Placement.steer() a human drives, with aim noise by level, and
  releases just above the resting height.
Level differences: easy skips the scratch check, ranks positions 8 px apart, takes its best
candidate half of the time (else one of its best three), aims within +-4 px and releases 3-6 px
high; its choices are partly random. Normal checks 2 candidates, aims within +-2 px; hard checks
4, aims within +-0.5 px.

Thinking is spread over frames: step(budget) performs actions costing UNITS until the budget is
spent and returns True when the answer is ready. Actions are counted (`done`), so a saved game
can replay the same thinking exactly (save.py). Nothing allocates after __init__.
"""

from micropython import const

from games.tower import geom as G

# -- copies of constants defined elsewhere: written by tools/gen_consts.py --
# geom.py
_NCOL = const(120)
_INVALID = const(2000)      # evaluate(): the piece would touch the table or leave the table area
# rules.py
_NPIECES = const(27)
_MAX_SEATS = const(4)
_SUPPLY = const(255)        # owner: in the supply
_UNUSED = const(254)        # owner: not part of this game (short supply options)
_V_ACTIVE = const(1)        # whose turn it is
_V_PIECE = const(2)         # the piece in the auction / push / placement (-1: none)
_V_HIGH = const(3)          # auction: the high bid
_V_COST = const(7)          # push: the cost to pass it on
_V_SUPPLY = const(15)       # pieces in the supply
# place.py
_SPEED_DIV = const(44)
_SPEED_MAX = const(6144)    # Q10 px per frame
_QUARTER = const(16384)
_FINE = const(512)          # a fine turn: 2.8 degrees
# towers.py
_SCRATCH = const(2)
# core/setup.py
_ST_EASY = const(1)
_ST_NORMAL = const(2)
_ST_HARD = const(3)
# -- end of the copies --


# jobs
_J_NONE = const(0)           # none
_J_TURN = const(1)           # active seat: Build or Push
_J_BID = const(2)            # asked in an auction
_J_PUSHED = const(3)         # asked on a push
_J_PLACE = const(4)          # where to put the accepted piece

# answers (kind)
_A_BUILD = const(1)
_A_PUSH = const(2)
_A_RAISE = const(3)
_A_PASS = const(4)
_A_ACCEPT = const(5)
_A_PAY = const(6)
_A_PLACE = const(7)

# stages of a job
_S_ROWS = const(0)
_S_SEARCH = const(1)
_S_VERIFY = const(2)
_S_DONE = const(3)

# costs of actions in budget units of about 1 us on the unix port (0.2 ms on the Pico),
# measured (docs/tower.md); the scene gives BOT_BUDGET units per frame
_U_EVAL = const(3)           # one drop test
_U_PROFILE = const(16)       # a piece's profile at an angle
_U_BODY = const(5)           # one body into the skyline
_U_LOAD = const(20)          # a saved tower into the world, plus _U_LOAD_B per body
_U_LOAD_B = const(3)
_U_STEP = const(5)           # a scratch step, plus _U_STEP_B per awake body
_U_STEP_B = const(4)

_MAXK = const(4)             # candidates kept for the scratch check
_KC = const(0)              # a candidate's fields in cand
_KA = const(1)
_KS = const(2)
_KY = const(3)
_ROW_STEP = const(3)         # risk table: positions 6 px apart
_ROW_ANGLES = const(3)       # and the first three resting angles (the longest resting edges)
_VERIFY_FRAMES = const(45)

# steering phases
_D_TURN = const(0)
_D_MOVE = const(1)
_D_DOWN = const(2)
_D_HOLD = const(3)
_CARRY_CAP = const(450)      # frames: a bot lets go at the latest after 15 s

# level tables: _LV[table + level] (level 0 unused)
_LV = (b"\x00\x00\x02\x04"   # _K_CHECK: candidates checked in the scratch world
       b"\x01\x04\x01\x01"   # _SEARCH_STEP: columns (2 px) between positions tried when placing
       b"\x00\x08\x04\x01"   # _AIM: aim noise, uniform +-, in 0.5 px (Q6 / 32)
       b"\x00\x06\x04\x03"   # _LIFT: release height above the resting height, 0.5 px
       b"\x00\x06\x02\x00"   # _LIFT_RAND: and up to this much more, 0.5 px
       b"\x00\x50\x19\x00"   # _JITTER: synthetic tilt noise per frame (80, 25)
       b"\x00\x00\x03\x04"   # _RESERVE: tokens kept for pushes
       b"\x00\x3c\x46\x50")  # _TOKEN: risk per token when paying on a push (60, 70, 80)
_K_CHECK = const(0)
_SEARCH_STEP = const(4)
_AIM = const(8)
_LIFT = const(12)
_LIFT_RAND = const(16)
_JITTER = const(20)
_RESERVE = const(24)
_TOKEN = const(28)



class Bot:
    """Thinks for every bot seat; its fields are made by startup.bot()."""
    # -- the risk table ----------------------------------------------------------------------
    # -- jobs --------------------------------------------------------------------------------
    def begin(self, job, seat, level):
        """Start thinking about `job` for `seat` at `level`."""
        self.job = job
        self.seat = seat
        self.level = level
        self.done = 0
        self.kind = 0
        self.piece = -1
        self.amount = 0
        self.rs = -1
        self.kn = 0
        self.vf = -1
        self.vi = 0
        self.stage = _S_SEARCH if job == _J_PLACE else _S_ROWS
        self.sky_ok = False
        self.sb = -1
        for i in range(_MAX_SEATS * _NPIECES):
            self.risk0[i] = self.risk[i]
        for s in range(_MAX_SEATS):
            self.valid0[s] = self.valid[s]
        self.rng.save_into(self.rng0, 0)

    def step(self, budget):
        """Think for up to `budget` units. True when the answer (kind, piece, amount) is ready."""
        used = 0
        while self.stage != _S_DONE and used < budget:
            used += self._act()
        return self.stage == _S_DONE

    def _act(self):
        """One action of the current job; returns its cost."""
        self.done += 1
        if self.stage == _S_ROWS:
            # the rows this job needs: for a turn of normal and hard every living seat's (pushes
            # go round), else only its own
            st = self.st
            job = self.job
            every = self.level != _ST_EASY and job == _J_TURN
            for s in range(st.n):
                if (s == self.seat or every and st.alive[s]) and not self.valid[s]:
                    return self._row_action(s)
            if job == _J_TURN:
                self._decide_turn()
            elif job == _J_BID:
                self._decide_bid()
            elif job == _J_PUSHED:
                self._decide_pushed()
            self.stage = _S_DONE
            return 1
        if self.stage == _S_SEARCH:
            return self._search_action()
        if self.stage == _S_VERIFY:
            return self._verify_action()
        return 1

    # -- computing one row of the risk table ---------------------------------------------------
    def _row_action(self, s):
        g = self.g
        st = self.st
        if self.rs != s:
            self.rs = s
            w = self.tw.load(s)
            g.sky_clear()
            self.sb = 0
            self.rp = -1
            self.ra = 0
            self.rc = 1
            self.rc1 = 0
            return _U_LOAD + _U_LOAD_B * w.count()
        if self.sb >= 0:
            return self._sky_step(s)
        if self.rc > self.rc1:
            # next angle, or next piece
            if self.rp >= 0:
                self.ra += 1
            if self.rp < 0 or self.ra >= G.ANGLES[5 * self.rp] or self.ra >= _ROW_ANGLES:
                if self.rp >= 0:
                    self.risk[s * _NPIECES + self.rp] = self.rrisk
                p = self.rp + 1
                while p < _NPIECES and st.owner[p] == _UNUSED:
                    p += 1
                if p >= _NPIECES:
                    self.valid[s] = 1
                    self.rs = -1
                    return 1
                self.rp = p
                self.ra = 0
                self.rbest = _INVALID * 2
                self.rrisk = 1000
            g.profile(self.rp, G.ANGLES[5 * self.rp + 1 + self.ra] << 9)
            self._c0_range(g.empty, 2)
            return _U_PROFILE
        first = g.empty
        g.evaluate(self.rc, first)
        if g.score < self.rbest:
            self.rbest = g.score
            self.rrisk = g.risk if g.risk < 1000 else 1000
        self.rc += _ROW_STEP
        return _U_EVAL

    def _sky_step(self, s):
        """One body of seat s's tower into the skyline (-1 in sb when all are in)."""
        w = self.tw.load(s)                 # a no-op unless something else used the world
        if self.sb < w.count():
            self.g.sky_body(w, self.sb)
            self.sb += 1
            return _U_BODY
        self.sb = -1
        return 1

    def _c0_range(self, empty, step):
        g = self.g
        if empty:
            self.rc = 60
            self.rc1 = 60
            return
        lo = g.c_lo - g.j1
        hi = g.c_hi - g.j0
        if lo < -g.j0:
            lo = -g.j0
        if hi > _NCOL - 1 - g.j1:
            hi = _NCOL - 1 - g.j1
        self.rc = lo
        self.rc1 = hi

    # -- decisions (from the table; cheap) -------------------------------------------------------
    def _pays(self, s, p, cost, level, tokens):
        r = self.risk[s * _NPIECES + p]
        keep = _LV[_RESERVE + level] if cost > 2 else 0
        return tokens - cost >= keep and r > cost * _LV[_TOKEN + level] + 100

    def _decide_turn(self):
        """A turn: build the safest piece, or push the piece whose push is worth the most (easy:
        a random push now and then)."""
        # the scans start at a piece drawn by the bots' generator: of equal best pieces (on a
        # low tower most are equally safe) the first after it is taken (one draw a decision)
        start = self.rng.below(_NPIECES)
        br = self._safest_build(start)
        self.kind = _A_BUILD
        self.amount = 0
        if self.level == _ST_EASY:
            if self.rng.below(100) < 15:
                self._random_push()         # now and then
            return
        st = self.st
        me = self.seat
        lv = self.level
        best = self.piece
        pbest = -1
        pv = -30000
        p = start
        for _ in range(_NPIECES):
            p = p + 1 if p < _NPIECES - 1 else 0
            if st.owner[p] != _SUPPLY:
                continue
            # what the push is worth: the risk it leaves with the seat that ends up with it,
            # less what the pushes cost us
            a = self._chain(p, me)
            if a == me:
                v = -self.risk[me * _NPIECES + p] - self.amount * _LV[_TOKEN + lv]
            else:
                v = self.risk[a * _NPIECES + p] - self.amount * _LV[_TOKEN + lv]
                if st.alive_count() > 2:
                    v = v * 2 // 3
            if lv == _ST_NORMAL:
                v += self.rng.below(100)
            if v > pv:
                pv = v
                pbest = p
        # a build costs its risk; a push is worth the risk it hands on
        if pbest >= 0 and pv - 150 > -br and pv > 250:
            self.kind = _A_PUSH
            self.piece = pbest
            return
        self.piece = best
        self.amount = 0

    def _safest_build(self, start):
        """The supply piece safest for this seat to build (scanned from after `start`, the risk
        blurred by level) into self.piece; returns its risk."""
        st = self.st
        me = self.seat
        lv = self.level
        rng = self.rng
        best = -1
        br = 2000
        p = start
        for _ in range(_NPIECES):
            p = p + 1 if p < _NPIECES - 1 else 0
            if st.owner[p] == _SUPPLY:
                r = self.risk[me * _NPIECES + p]
                if lv == _ST_EASY:
                    r += rng.below(600)
                elif lv == _ST_NORMAL:
                    r += rng.below(120)
                if r < br:
                    br = r
                    best = p
        self.piece = best
        return br

    def _random_push(self):
        """A push of a random supply piece."""
        st = self.st
        k = self.rng.below(st.v[_V_SUPPLY])
        for p in range(_NPIECES):
            if st.owner[p] == _SUPPLY:
                if k == 0:
                    self.kind = _A_PUSH
                    self.piece = p
                    return
                k -= 1

    def _chain(self, p, pusher):
        """Who ends up with piece p if it is pushed by `pusher`, every receiver paying while the
        piece is risky enough for it (its own payment rule at hard level) and it can pay.
        Returns that seat and sets self.amount to what the pusher would pay."""
        st = self.st
        spent = self.spent
        for i in range(_MAX_SEATS):
            spent[i] = 0
        cost = 1
        s = st.next_alive(pusher)
        for _ in range(40):
            t = st.tokens[s] - spent[s]
            if t < cost or not self._pays(s, p, cost, _ST_HARD, t):
                break
            spent[s] += cost
            cost += 1
            s = st.next_alive(s)
        self.amount = spent[pusher]
        return s

    def _decide_bid(self):
        st = self.st
        me = self.seat
        lv = self.level
        p = st.v[_V_PIECE]
        nxt = st.v[_V_HIGH] + 1
        t = st.tokens[me]
        self.kind = _A_PASS
        if nxt > t:
            return
        if lv == _ST_EASY:
            if self.rng.below(100) < 30 and nxt <= 3:
                self.kind = _A_RAISE
                self.amount = nxt
            return
        r = self.risk[me * _NPIECES + p]
        # what the piece saves us against the average supply piece, in tokens
        tot = 0
        k = 0
        for q in range(_NPIECES):
            if st.owner[q] == _SUPPLY:
                tot += self.risk[me * _NPIECES + q]
                k += 1
        avg = tot // k if k else 1000
        worth = (avg - r) // 120
        if me == st.v[_V_ACTIVE]:
            worth = 1 if r < 200 and avg - r > 150 else 0
        if lv == _ST_NORMAL:
            worth += self.rng.below(2)
        if worth > 3:
            worth = 3
        if r <= 250 and nxt <= worth and t - nxt >= _LV[_RESERVE + lv]:
            self.kind = _A_RAISE
            self.amount = nxt

    def _decide_pushed(self):
        st = self.st
        me = self.seat
        lv = self.level
        cost = st.v[_V_COST]
        t = st.tokens[me]
        self.kind = _A_ACCEPT
        if t < cost:
            return
        if lv == _ST_EASY:
            if self.rng.below(100) < 40:
                self.kind = _A_PAY
            return
        if self._pays(me, st.v[_V_PIECE], cost, lv, t):
            self.kind = _A_PAY

    # -- placement: search ---------------------------------------------------------------------
    def _search_action(self):
        g = self.g
        me = self.seat
        p = self.st.v[_V_PIECE]
        if not self.sky_ok:
            w = self.tw.load(me)
            g.sky_clear()
            self.sb = 0
            self.sky_ok = True
            self.rp = p
            self.ra = -1
            self.rc = 1
            self.rc1 = 0
            return _U_LOAD + _U_LOAD_B * w.count()
        if self.sb >= 0:
            return self._sky_step(me)
        if self.rc > self.rc1:
            self.ra += 1
            if self.ra >= G.ANGLES[5 * p]:
                self._searched(p)
                return 1
            g.profile(p, G.ANGLES[5 * p + 1 + self.ra] << 9)
            self._c0_range(g.empty, 1)
            return _U_PROFILE
        step = _LV[_SEARCH_STEP + self.level]
        g.evaluate(self.rc, g.empty)
        if g.risk < _INVALID:
            # a candidate: into the best-_MAXK list (sorted by score, stable)
            k = self.cand
            n = self.kn
            i = n
            while i > 0 and k[4 * i - 4 + _KS] > g.score:
                i -= 1
            if i < _MAXK:
                j = 4 * (n if n < _MAXK else _MAXK - 1) + 3
                while j >= 4 * i + 4:               # make room: the later ones move down
                    k[j] = k[j - 4]
                    j -= 1
                j = 4 * i
                k[j] = self.rc
                k[j + 1] = G.ANGLES[5 * p + 1 + self.ra] << 9
                k[j + 2] = g.score
                k[j + 3] = g.ry
                if n < _MAXK:
                    self.kn = n + 1
        self.rc += step
        return _U_EVAL

    def _searched(self, p):
        """Every position of piece p searched: the candidates to check (or the plan at once)."""
        if self.kn == 0:
            # nowhere safe: put it in the middle, high above (a desperate drop)
            k = self.cand
            k[_KC] = 60
            k[_KA] = G.ANGLES[5 * p + 1] << 9
            k[_KS] = _INVALID
            k[_KY] = self.g.height + (40 << 6)
            self.kn = 1
        if self.level == _ST_EASY:
            # the best one half of the time, else any of the best three
            self._plan(0 if self.rng.below(2) else self.rng.below(self.kn if self.kn < 3 else 3))
            return
        check = _LV[_K_CHECK + self.level]
        self.kn = check if check < self.kn else self.kn
        self.vi = 0
        self.vf = -1
        self.stage = _S_VERIFY

    # -- placement: the scratch check ------------------------------------------------------------
    def _verify_action(self):
        """One step of checking candidate vi in the scratch world: the trial set up, a physics
        step, its penalty once the tower is at rest or collapsed; the plan once all are checked."""
        if self.vi >= self.kn:
            self._plan(self._checked_best())
            return 1
        sw = self.tw.w
        i = self.vi
        if self.vf < 0:
            return self._trial(i)
        sw.step()
        self.vf += 1
        cost = _U_STEP + _U_STEP_B * sw.awake()
        if sw.collapsed() >= 0:
            self.cand[4 * i + _KS] += 5000
            self.vi += 1
            self.vf = -1
            return cost
        if sw.awake() == 0 or self.vf >= _VERIFY_FRAMES:
            self.cand[4 * i + _KS] += self._penalty(i)
            self.vi += 1
            self.vf = -1
        return cost

    def _checked_best(self):
        """The checked candidate of the lowest score (of equal ones, one drawn at random)."""
        best = 0
        ties = 1
        for i in range(1, self.kn):
            d = self.cand[4 * i + _KS] - self.cand[4 * best + _KS]
            if d < 0:
                best = i
                ties = 1
            elif d == 0:
                ties += 1
                if self.rng.below(ties) == 0:
                    best = i
        return best

    def _trial(self, i):
        """Candidate i's trial: the saved tower into the scratch world (its bodies' positions
        kept in base), the piece added at its release height. Returns the cost."""
        tw = self.tw
        sw = tw.w
        w = tw.load(self.seat)          # the saved tower again (undoes the last trial)
        n = w.count()
        for b in range(n):
            self.base[2 * b] = w.x(b)
            self.base[2 * b + 1] = w.y(b)
        tw.state = _SCRATCH             # the next load() restores the saved tower
        x = ((self.cand[4 * i + _KC] << 1) - 120) << 10
        y = (self.cand[4 * i + _KY] << 4) + (_LV[_LIFT + self.level] << 9)
        b = sw.add_body(self.st.v[_V_PIECE], x, y, self.cand[4 * i + _KA])
        if n == 0:
            sw.set_foundation(b)
        self.vf = 0
        return _U_LOAD + _U_LOAD_B * n

    def _penalty(self, i):
        """Candidate i's trial at rest (or out of time): how far the tower and the new piece
        moved, and whether it still moves (up to 3000)."""
        sw = self.tw.w
        d = 0
        n = sw.count() - 1
        for b in range(n):
            dx = sw.x(b) - self.base[2 * b]
            dy = sw.y(b) - self.base[2 * b + 1]
            d += (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy)
        dx = sw.x(n) - (((self.cand[4 * i + _KC] << 1) - 120) << 10)
        dy = sw.y(n) - (self.cand[4 * i + _KY] << 4)
        da = (sw.angle(n) - self.cand[4 * i + _KA]) & 0xFFFF
        if da > 32768:
            da = 65536 - da
        pen = (d >> 10) * 40 + ((dx if dx > 0 else -dx) >> 10) * 15 + \
            ((dy if dy > 0 else -dy) >> 10) * 25 + (da >> 6)
        if sw.awake():
            pen += 150
        return pen if pen < 3000 else 3000

    # -- the plan and the steering ---------------------------------------------------------------
    def _plan(self, k):
        lv = self.level
        rng = self.rng
        aim = _LV[_AIM + lv] << 5
        nx = rng.below(2 * aim + 1) - aim if aim else 0
        self.gx = ((((self.cand[4 * k + _KC] << 1) - 120) << 6) + nx) << 4
        lift = _LV[_LIFT + lv] << 5
        if _LV[_LIFT_RAND + lv]:
            lift += rng.below((_LV[_LIFT_RAND + lv] << 5) + 1)
        self.gy = (self.cand[4 * k + _KY] + lift) << 4
        self.ga = self.cand[4 * k + _KA] & 0xFE00
        self.kind = _A_PLACE
        self.stage = _S_DONE
        self.dphase = _D_TURN
        self.dframes = 0
        t = self.vt
        t.x = 0
        t.y = 0
        t.source = 0
        self.turn = 0
        self.let_go = False

    def steer(self, pl):
        """One frame of steering of Placement pl along the plan: fills self.turn and
        self.let_go and returns the synthetic tilt through self.vt (x, y)."""
        self.turn = 0
        self.let_go = False
        self.dframes += 1
        want_x = self.gx
        want_y = pl.ty
        ph = self.dphase
        if ph == _D_TURN:
            if self.dframes == 1:
                self.ready_y = pl.ty
            want_x = pl.tx
            d = (self.ga - pl.ta) & 0xFFFF
            if d >= 32768:
                d -= 65536
            if d == 0:
                if self._angle_close(pl):
                    self.dphase = _D_MOVE
            elif d >= _QUARTER:
                self.turn = _QUARTER
            elif d <= -_QUARTER:
                self.turn = -_QUARTER
            else:
                self.turn = _FINE if d > 0 else -_FINE
        elif ph == _D_MOVE:
            want_y = self.ready_y
            ex = self.gx - pl.w.x(pl.b)
            if -512 < ex < 512 and -512 < self.gx - pl.tx < 512:
                self.dphase = _D_DOWN
        elif ph == _D_DOWN:
            want_y = self.gy
            ey = pl.w.y(pl.b) - self.gy
            if -256 < ey < 256 and -256 < self.gy - pl.ty < 256:
                self.dphase = _D_HOLD
                self.dframes = 0
        else:
            want_y = self.gy
            w = pl.w
            ex = w.x(pl.b) - self.gx
            ey = w.y(pl.b) - self.gy
            if (-192 < ex < 192 and -192 < ey < 192 and self._angle_close(pl)) or self.dframes > 60:
                self.let_go = True
        if pl.frames >= _CARRY_CAP:
            self.let_go = True
        # a synthetic accelerometer reading that asks for speed ~ error/4 along each axis, fed
        # through the console's tilt pipeline
        j = _LV[_JITTER + self.level]
        xyz = self.xyz
        xyz[0] = -self._want(want_x - pl.tx) - (self.rng.below(2 * j + 1) - j if j else 0)
        xyz[1] = -self._want(want_y - pl.ty) - (self.rng.below(2 * j + 1) - j if j else 0)
        self.vt.update(True, xyz, False, 0)
        return self.vt

    def _angle_close(self, pl):
        d = (pl.w.angle(pl.b) - self.ga) & 0xFFFF
        return d < 64 or d > 65536 - 64

    def _want(self, e):
        """Raw tilt (milli-g, before the dead zone) for a target error e (Q10)."""
        v = e >> 2
        if v > _SPEED_MAX:
            v = _SPEED_MAX
        elif v < -_SPEED_MAX:
            v = -_SPEED_MAX
        if v == 0:
            return 0
        # the floor square root of |v| * _SPEED_DIV (core.fixed.isqrt's bit-by-bit method)
        n = (v if v > 0 else -v) * _SPEED_DIV
        r = 0
        bit = 1 << 28
        while bit > n:
            bit >>= 2
        while bit:
            if n >= r + bit:
                n -= r + bit
                r = (r >> 1) + bit
            else:
                r >>= 1
            bit >>= 2
        return r + 36 if v > 0 else -r - 36
