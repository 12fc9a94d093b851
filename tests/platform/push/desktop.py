"""A desktop's notification server for the browser tests (the freedesktop.org Desktop
Notifications protocol, org.freedesktop.Notifications on a private D-Bus session bus).

Chromium on Linux, headless too, shows a web notification through this service when the bus
has it (else in its own message centre, which nothing outside can click). So a test can click
a notification as a desktop does: `click` emits the `ActionInvoked` signal with the "default"
action, Chromium turns it into the service worker's trusted `notificationclick` event (with
the user activation that lets `clients.openWindow` and `WindowClient.focus` work). Nothing of
the browser is stubbed: the bus (dbus-daemon) and the protocol are real.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from jeepney import DBusAddress, HeaderFields, MessageType, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
DBUS_DAEMON = shutil.which("dbus-daemon")


@dataclass
class Shown:
    id: int
    app: str
    summary: str
    body: str
    actions: list[str]
    hints: dict[str, Any] = field(default_factory=dict)


class NotificationServer:
    """Owns org.freedesktop.Notifications on `address` and answers in its own thread."""

    def __init__(self, address: str) -> None:
        self.connection = open_dbus_connection(bus=address)
        reply = self.connection.send_and_get_reply(message_bus.RequestName(NAME, 4))
        assert reply.body == (1,), f"could not own {NAME}: {reply.body}"  # primary owner
        self.shown: list[Shown] = []
        self.closed: list[int] = []
        self._outgoing: list[Any] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def click(self, notification_id: int) -> None:
        """The player clicks the notification's body (its "default" action)."""
        emitter = DBusAddress(PATH, interface=NAME)
        with self._lock:
            self._outgoing.append(
                new_signal(emitter, "ActionInvoked", "us", (notification_id, "default"))
            )

    def wait_shown(self, timeout: float = 15) -> Shown:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.shown:
                return self.shown[-1]
            time.sleep(0.05)
        raise AssertionError("no notification reached the desktop's notification server")

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.connection.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                outgoing, self._outgoing = self._outgoing, []
            for message in outgoing:
                self.connection.send(message)
            try:
                message = self.connection.receive(timeout=0.05)
            except TimeoutError:
                continue
            if message.header.message_type == MessageType.method_call:
                self._answer(message)

    def _answer(self, message: Any) -> None:
        member = message.header.fields.get(HeaderFields.member)
        if member == "GetCapabilities":
            reply = new_method_return(message, "as", (["actions", "body", "body-hyperlinks"],))
        elif member == "GetServerInformation":
            reply = new_method_return(message, "ssss", ("tests", "tabletop", "1.0", "1.2"))
        elif member == "Notify":
            app, replaces, _icon, summary, body, actions, hints, _timeout = message.body
            notification_id = replaces or len(self.shown) + 1
            self.shown.append(Shown(notification_id, app, summary, body, list(actions), hints))
            reply = new_method_return(message, "u", (notification_id,))
        elif member == "CloseNotification":
            (notification_id,) = message.body
            self.closed.append(notification_id)
            self.connection.send(
                new_signal(
                    DBusAddress(PATH, interface=NAME),
                    "NotificationClosed",
                    "uu",
                    (notification_id, 3),
                )  # fmt: skip
            )
            reply = new_method_return(message)
        else:
            return
        self.connection.send(reply)


@contextlib.contextmanager
def session_bus() -> Iterator[str]:
    """A private D-Bus session bus (dbus-daemon) for one test: its address."""
    assert DBUS_DAEMON is not None
    daemon = subprocess.Popen(
        [DBUS_DAEMON, "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert daemon.stdout is not None
        address = daemon.stdout.readline().strip()
        assert address.startswith("unix:"), address
        yield address
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
