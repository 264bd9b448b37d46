"""Waiting for keys already typed before deciding what the document holds.

A terminal delivers keys typed in one burst ("x" then ctrl+q) together. The app forwards
the letter to the focused field's queue and runs a priority binding (quit) at once, so
quit would look at the document before the field has even seen the letter; a
non-priority key (ctrl+s) bubbles up ahead of the change the letter makes. Quit, save and
reload therefore first let the focused widget and each of its ancestors handle what is
queued, and the change messages that causes travel up to the app, until a whole round
passes with nothing but this waiting to handle.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual import events
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump

# Rounds are bounded by count: a change message climbs one widget per round at most, and
# the editor's widgets are nested far less deep than this; a timer that keeps firing
# must not keep quit waiting.
MAX_ROUNDS = 64
# A widget removed while its queue is being waited on never runs the callback: waiting
# that long for one round means it is gone, not busy.
ROUND_LIMIT_SECONDS = 5.0


async def typed_keys_handled(app: App[Any]) -> None:
    """Return once the keys delivered so far, and what they changed, reached the app.

    Must run outside the app's own message handling (in a worker): the app has to go on
    handling the change messages while this waits.
    """
    pumps: dict[MessagePump, None] = {app: None, app.screen: None}
    for _ in range(MAX_ROUNDS):
        # Keys go to the focused widget and what they change climbs its ancestors; a
        # focus moved meanwhile (a Tab in the burst) adds the new chain to the old.
        focused = app.focused
        if focused is not None:
            pumps.update(dict.fromkeys(focused.ancestors_with_self))
        if await _others_handled(app, list(pumps)) == 0:
            return


async def _others_handled(app: App[Any], pumps: list[MessagePump]) -> int:
    """Let each of ``pumps`` handle what it holds now; how many messages besides the
    round's own callbacks they handled meanwhile."""
    handled = 0
    waiting = 0
    done = asyncio.Event()

    def count(message: Message) -> None:
        nonlocal handled
        ours = isinstance(message, events.Callback) and (
            getattr(message.callback, "func", None) is finished
        )
        handled += not ours

    def finished() -> None:
        nonlocal waiting
        waiting -= 1
        if waiting == 0:
            done.set()

    watched: list[MessagePump] = []
    for pump in pumps:
        if not pump.is_running:
            continue
        pump.message_signal.subscribe(app, count, immediate=True)
        watched.append(pump)
        if pump.call_later(finished):
            waiting += 1
    try:
        if waiting:
            await asyncio.wait_for(done.wait(), ROUND_LIMIT_SECONDS)
    except asyncio.TimeoutError:
        return 0
    finally:
        for pump in watched:
            pump.message_signal.unsubscribe(app)
    return handled
