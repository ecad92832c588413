"""Entry point: ``python -m examples.render_chat`` runs the render chat screen."""

from examples.render_chat.app import RenderChatApp


def main() -> None:
    """Run the app in this terminal until Escape or Ctrl+Q."""
    RenderChatApp().run()


if __name__ == "__main__":
    main()
