"""Two correct chat screens that show control characters raw: they fail only HARDENING.

``alt_chat`` and ``render_chat`` (``examples/README.md``), changed in one respect: a
body's control characters reach the terminal as they are, instead of being removed. The
seeds ask nothing about control characters (``docs/spec/chat_screen.md``, clause 33 and
its audit note), so both meet every MUST clause of profile ``chat_screen`` and fail only
the harness's own rule ``hardening-control-characters``. ``tests/test_fail_on.py`` keeps
them at ``MUST 32/32`` with exit status 0 under ``--fail-on must``.

Run the suite on them::

    pytest features/chat_screen --adapter examples.raw_controls.adapters:alt --fail-on must
    pytest features/chat_screen --adapter examples.raw_controls.adapters:render --fail-on must
"""

__version__ = "0.1.0"
