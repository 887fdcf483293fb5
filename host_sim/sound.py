"""The buzzer in the simulator: a square wave through pygame's mixer (None when no audio)."""
from array import array


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
    try:
        import pygame
        pygame.mixer.init(frequency=SimSound.RATE, size=-16, channels=1)
        return SimSound(pygame)
    except Exception:  # noqa: BLE001 - no audio device: a silent console
        return None
