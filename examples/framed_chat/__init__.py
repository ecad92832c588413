"""``framed_chat``: a chat screen (profile ``chat_screen``) whose items sit in framed cards.

Written from seeds 000 and 001 and the public docs only (issue 37). Each message is a
``Label`` inside a padded card inside a row; the card is framed with a rounded line open on
the side facing the other role, so a user card draws its rounded frame on the left, top and
bottom, an agent card on the right, top and bottom. The conversation is itself a framed,
padded box, the input a framed ``Input``, and the theme a light one (``solarized-light``).
"""
