"""Entry point: ``python -m examples.composite_chat`` runs the composite chat screen."""

from examples.composite_chat.app import CompositeChatApp
from reference_app import paste


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    paste.install()  # a paste holding ESC stays one paste (reference_app/paste.py)
    CompositeChatApp().run()


if __name__ == "__main__":
    main()
