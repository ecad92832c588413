"""Entry point: ``python -m reference_app`` or the ``reference-chat`` console script."""

from reference_app import paste
from reference_app.app import ChatApp


def main() -> None:
    """Run the reference chat app in the terminal until Escape or Ctrl+Q.

    Installs the paste workaround first (``reference_app.paste``), so a pasted escape
    sequence keeps its characters in order.
    """
    paste.install()
    ChatApp().run()


if __name__ == "__main__":
    main()
