"""The buzzer in the simulator: a square wave through pygame's mixer, or none.

Without a sound device the simulator starts silent, with one line saying so: SDL's probing of the
audio drivers (ALSA prints its own errors on stderr, a dozen lines) is silenced (host_sim/quiet.py).
"""
from array import array

from host_sim.quiet import c_stderr_silenced


class SimSound:
    RATE = 22050

    def __init__(self, pygame):
        self.pg = pygame
        self.channel = None

    def tone(self, hz, ms):
        n = self.RATE * ms // 1000
        half = max(1, self.RATE // (2 * max(hz, 1)))
        wave = array("h", (6000 if (i // half) & 1 else -6000 for i in range(n)))
        snd = self.pg.mixer.Sound(buffer=wave.tobytes())
        self.channel = snd.play()

    def stop(self):
        if self.channel is not None:
            self.channel.stop()
            self.channel = None


def open_sound():
    """(SimSound, None), or (None, why there is no sound)."""
    try:
        import pygame
        with c_stderr_silenced():
            pygame.mixer.init(frequency=SimSound.RATE, size=-16, channels=1)
        return SimSound(pygame), None
    except Exception as e:  # noqa: BLE001 - no audio device (pygame.error) or no mixer: silent
        return None, str(e) or type(e).__name__
