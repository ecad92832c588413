"""Entry point: ``python -m examples.listview_chat`` runs the list-view chat screen."""

from examples.listview_chat.app import ListChatApp
from reference_app import paste


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    paste.install()  # a paste holding ESC stays one paste (reference_app/paste.py)
    ListChatApp().run()


if __name__ == "__main__":
    main()
