"""The working-directory file browser of the reference client (004 §7)."""
