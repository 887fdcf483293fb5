"""Optional piezo buzzer on a PWM pin: a square wave at the tone's frequency, never blocking.

tone(hz, ms) starts the note and returns at once. It ends when the caller calls stop() (the
console does, at its frame after the duration) or at the first poll() past its deadline.
"""


class Sound:
    def __init__(self, pwm, clock=None):
        if clock is None:
            import time as clock
        self.pwm = pwm
        self.clock = clock
        self.playing = False
        self._until = 0
        pwm.duty_u16(0)

    def tone(self, hz, ms):
        if hz < 20 or ms <= 0:
            self.stop()
            return
        if hz > 20000:
            hz = 20000
        self.pwm.freq(hz)
        self.pwm.duty_u16(32768)    # 50 % duty: the loudest square wave
        c = self.clock
        self._until = c.ticks_add(c.ticks_ms(), ms)
        self.playing = True

    def poll(self):
        if self.playing and self.clock.ticks_diff(self.clock.ticks_ms(), self._until) >= 0:
            self.stop()

    def stop(self):
        self.pwm.duty_u16(0)
        self.playing = False
