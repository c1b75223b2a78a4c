"""A program driven through a real pseudo-terminal, as a person at a keyboard drives it."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

TOURNEY = str(Path(sys.executable).parent / "tourney")
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


def _own_terminal() -> None:
    """In the child: a session of its own with the pty as controlling terminal, so that
    Ctrl-C reaches it as SIGINT, as at a real keyboard."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # As a shell starts a program: SIGINT at its default. A test runner's worker may ignore
    # it, and an ignored SIGINT is inherited through exec (Python then never installs its
    # KeyboardInterrupt handler, and Ctrl-C does nothing).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """``args`` running on a pty; ``send`` types, ``expect`` waits for output."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        inputrc = cwd / "inputrc"
        inputrc.write_text("set enable-bracketed-paste off\nset bell-style none\n")
        env = {**os.environ, "TERM": "xterm", "INPUTRC": str(inputrc), "COLUMNS": "120"}
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True,
            preexec_fn=_own_terminal,
        )  # fmt: skip
        os.close(slave)
        self.text = ""  # everything read so far, escapes stripped
        # One decoder for the whole session: a character's bytes may arrive in two reads.
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.seen = 0  # where the last expect stopped

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program has exited and closed the terminal
            return False
        if not data:
            return False
        self.text += _ESCAPES.sub("", self._decoder.decode(data))
        return True

    def expect(self, pattern: str, timeout: float = 10.0) -> str:
        """Wait for ``pattern`` (a regex) after what was already matched; return the text
        from there up to the end of the match."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            found = regex.search(self.text, self.seen)
            if found:
                chunk = self.text[self.seen : found.end()]
                self.seen = found.end()
                return chunk
            left = deadline - time.monotonic()
            stopped = left <= 0 or (
                not self._read(min(left, 0.5)) and self.process.poll() is not None
            )
            if stopped and not regex.search(self.text, self.seen):
                raise AssertionError(
                    f"no {pattern!r} in the terminal; it shows:\n{self.text[self.seen :]}"
                )

    def wait(self, timeout: float = 30.0) -> int:
        """The exit code, reading all the while: a program that still has output to write
        must never be left blocked on a full terminal (and a loaded machine is slow)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"still running after {timeout:.0f} s; it shows:\n{self.text[self.seen :]}"
                )
            self._read(0.05)
        while self._read(0.05):
            pass
        return self.process.returncode

    def press_until_exit(self, keys: str, timeout: float = 30.0, again: float = 1.0) -> int:
        """Press ``keys`` until the program exits, again after every ``again`` seconds it
        is still running (as a person presses a key again that seems lost); the exit code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.send(keys)
            pressed = time.monotonic()
            while self.process.poll() is None and time.monotonic() - pressed < again:
                self._read(0.05)
            if self.process.poll() is not None:
                return self.wait()
        raise AssertionError(
            f"still running after {timeout:.0f} s of {keys!r}; it shows:\n{self.text[self.seen :]}"
        )

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.master)
