"""Which tower physics kernels run on this port: prints "<path> <twins>", where path is "viper"
when a World steps with physics_viper's kernels (else "pure"), and twins is "unloaded" when the
pure twins (physics_kern) were never imported (else "loaded"). tests/test_tower_physics.py."""
import sys

from games.tower import physics as P

w = P.World()
w.add_body(3, 0, 10 * P.PX)
w.step()
viper = w.viper and P._vip is not None and w.k is P._vip
print("viper" if viper else "pure", "loaded" if "games.tower.physics_kern" in sys.modules else "unloaded")
