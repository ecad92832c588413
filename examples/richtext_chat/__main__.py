"""Entry point: ``python -m examples.richtext_chat`` runs the Rich-text chat screen."""

from examples.richtext_chat.app import RichChatApp


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    RichChatApp().run()


if __name__ == "__main__":
    main()
