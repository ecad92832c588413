"""Entry point: ``python -m examples.alt_chat`` runs the alternative chat screen."""

from examples.alt_chat.chat import AltChatApp


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    AltChatApp().run()


if __name__ == "__main__":
    main()
