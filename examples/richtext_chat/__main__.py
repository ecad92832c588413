"""Entry point: ``python -m examples.richtext_chat`` runs the Rich-text chat screen."""

from examples.richtext_chat.app import RichChatApp
from reference_app import paste


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    paste.install()  # a paste holding ESC stays one paste (reference_app/paste.py)
    RichChatApp().run()


if __name__ == "__main__":
    main()
