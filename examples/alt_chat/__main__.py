"""Entry point: ``python -m examples.alt_chat`` runs the alternative chat screen."""

from examples.alt_chat.chat import AltChatApp
from reference_app import paste


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    paste.install()  # a paste holding ESC stays one paste (reference_app/paste.py)
    AltChatApp().run()


if __name__ == "__main__":
    main()
