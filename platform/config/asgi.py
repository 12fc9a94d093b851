"""ASGI entry point: HTTP through Django, WebSockets through Channels (one socket per match)."""

import gc
import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 - needs Django set up first
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.background import ticks_start  # noqa: E402
from notifications.routing import websocket_urlpatterns as notice_sockets  # noqa: E402
from play.consumers import ServerSend  # noqa: E402
from play.routing import websocket_urlpatterns  # noqa: E402
from shared.metrics import metrics_start  # noqa: E402
from shared.reports import reports_start  # noqa: E402

reports_start("web")
metrics_start("web")
if settings.BACKGROUND_TICKS:
    ticks_start()

# The garbage collector of a server process: the objects alive once the site is loaded (modules,
# settings, models, translations) frozen out of it, and the youngest generation collected every
# GC_GEN0 allocations instead of Python's 700: under live load each collection walked them all,
# and the older generations' collections paused every socket of the process for tens of ms
# (docs/play.md, "The collector"; bench/README.md, 2026-11-29: p99 and CPU per move).
GC_GEN0 = 50_000
gc.freeze()
gc.set_threshold(GC_GEN0, 20, 100)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": ServerSend(
            AllowedHostsOriginValidator(
                AuthMiddlewareStack(URLRouter([*notice_sockets, *websocket_urlpatterns]))
            )
        ),
    }
)
