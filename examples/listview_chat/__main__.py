"""Entry point: ``python -m examples.listview_chat`` runs the list-view chat screen."""

from examples.listview_chat.app import ListChatApp


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    ListChatApp().run()


if __name__ == "__main__":
    main()
