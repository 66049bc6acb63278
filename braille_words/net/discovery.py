"""Finding the teacher's tables on the local network without typing an address (mDNS).

The host announces one service per table (``_braille-words._tcp``) with the table's name, its
game and the protocol version; ``join`` browses for a moment and reads the list out. Both
sides use python-zeroconf, which speaks multicast DNS itself (no avahi daemon needed).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from braille_words.net.protocol import SERVICE_TYPE, VERSION


@dataclass(frozen=True)
class Found:
    name: str
    game: str
    address: str
    """``ws://192.168.1.10:8765`` — the first address that answers a TCP connect."""


def _addresses() -> list[str]:
    """This computer's IPv4 addresses, the loopback last (for a student on this computer)."""
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("169.254."):
                found.append(ip.ip)
    return sorted(set(found), key=lambda a: (a.startswith("127."), a))


class Announcer:
    """The host's tables, announced until ``close``."""

    def __init__(self, tables: list[tuple[str, str]], port: int, scheme: str = "ws") -> None:
        from zeroconf import IPVersion, ServiceInfo, Zeroconf

        self._zc = Zeroconf(ip_version=IPVersion.V4Only)
        self._infos: list[Any] = []
        host = socket.gethostname().split(".")[0] or "braille-words"
        addresses = _addresses()
        for number, (name, game) in enumerate(tables, start=1):
            info = ServiceInfo(
                SERVICE_TYPE,
                f"{name} ({host}).{SERVICE_TYPE}",
                parsed_addresses=addresses,
                port=port,
                properties={"v": str(VERSION), "table": str(number), "name": name,
                            "game": game, "scheme": scheme},
                server=f"{host}.local.",
            )
            self._zc.register_service(info, allow_name_change=True)
            self._infos.append(info)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            for info in self._infos:
                self._zc.unregister_service(info)
        self._zc.close()


def browse(seconds: float = 2.5) -> list[Found]:
    """Tables announced on the network, each once, in the order they answered."""
    from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

    zc = Zeroconf(ip_version=IPVersion.V4Only)
    names: list[str] = []
    lock = threading.Lock()

    def changed(zeroconf: Any, service_type: str, name: str,
                state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Added:
            with lock:
                if name not in names:
                    names.append(name)

    found: list[Found] = []
    try:
        ServiceBrowser(zc, SERVICE_TYPE, handlers=[changed])
        time.sleep(seconds)
        with lock:
            seen = list(names)
        for name in seen:
            info = zc.get_service_info(SERVICE_TYPE, name, 2000)
            if info is None:
                continue
            props = {k.decode(): (v or b"").decode("utf-8", "replace")
                     for k, v in info.properties.items()}
            # A table of another protocol version is listed too: choosing it, the student
            # hears from the table why it cannot be joined (rather than "no tables found").
            scheme = props.get("scheme", "ws")
            for address in info.parsed_addresses():
                if _answers(address, int(info.port or 0)):
                    found.append(Found(props.get("name", name), props.get("game", ""),
                                       f"{scheme}://{address}:{info.port}"))
                    break
    finally:
        zc.close()
    return found


def _answers(address: str, port: int) -> bool:
    try:
        with socket.create_connection((address, port), timeout=0.5):
            return True
    except OSError:
        return False
