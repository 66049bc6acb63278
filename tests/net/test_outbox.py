"""The network's outbox (``net.link.Outbox``): what the tables' threads hand to the network's
loop arrives in the order it was handed over, whatever thread handed it, and a burst handed
over while the loop was busy wakes the loop once, not once a message."""

from __future__ import annotations

import asyncio
import threading

from braille_words.net.link import Outbox


def test_messages_and_a_close_handed_over_by_threads_keep_their_order_and_wake_the_loop_once(
) -> None:
    loop = asyncio.new_event_loop()
    busy = threading.Event()
    done = threading.Event()
    got: list[str] = []
    wakes = 0
    box = Outbox(loop)
    drain = box._drain

    def counted() -> None:
        nonlocal wakes
        wakes += 1
        drain()

    box._drain = counted  # type: ignore[method-assign]
    loop.call_soon(busy.wait)  # the loop is busy while the table's thread hands over
    runner = threading.Thread(target=loop.run_forever)
    runner.start()
    try:
        def table() -> None:
            for n in range(50):
                box.post(got.append, f"message {n}")
            box.post(got.append, "closed")

        thread = threading.Thread(target=table)
        thread.start()
        thread.join()
        busy.set()
        loop.call_soon_threadsafe(done.set)
        assert done.wait(5)
        assert got == [f"message {n}" for n in range(50)] + ["closed"]
        assert wakes == 1
        # Handed over after the loop ran: it wakes again, and nothing waits unseen.
        finished = threading.Event()
        box.post(got.append, "later")
        box.post(finished.set)
        assert finished.wait(5) and got[-1] == "later"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)
        loop.close()
