"""Entry point: ``python -m examples.composite_chat`` runs the composite chat screen."""

from examples.composite_chat.app import CompositeChatApp


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    CompositeChatApp().run()


if __name__ == "__main__":
    main()
