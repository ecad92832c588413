Feature: Random sessions of typing, pasting, turns and Escape lose nothing
  Beyond the scenarios written by hand, the harness explores: Hypothesis's stateful testing
  generates sessions of what a person and the agent do (typing and pasting, as a terminal
  sends them, Hangul, emoji joined by ZWJ, combining marks, Unicode spaces, format
  characters, markup-like text, escape sequences, control bytes and line breaks in pastes;
  Shift+Enter, Enter, blank Enter, Escape while idle, before a turn starts and during a
  turn, a cancelled turn, Page Up/Down, resizing; the agent's turn start, thinking, tool
  calls, text deltas, events of unknown types and turn end) and checks, after every action, the invariants below. A broken
  invariant fails under its clause, and the failure carries the shrunk session as a
  standalone Pilot script (steps/explore).

  The second scenario adds what parts 2 to 4 of the profile define: the `/` popup (opened
  at every session's start too), judged by what it lists after `/` and after a prefix, and
  the `@` popup, with a selection (arrow keys, Enter, Tab) or Escape, file tokens sent as
  references, ↑ recall, interaction requests answered with keys, and reopening the stored
  conversation in a new client, which must draw what the live client drew. A client claiming part 1
  alone is explored by the first scenario.

  The budget is small and fixed in an ordinary run (--explore N sessions, --explore-seed S;
  docs/exploration.md): the same seed and budget generate the same sessions.

  @screenshot
  @clause:crs-input-plain-text @clause:crs-enter-sends @clause:crs-blank-not-sent
  @clause:crs-escape-idle-does-nothing @clause:crs-escape-cancels-turn
  @clause:crs-ignore-unknown-events @scenario_timeout:600
  Scenario: Random sessions send every prompt once, as typed, and cancel only turns
    When the explorer runs its sessions against the RAWP-CRS client
    Then every invariant held after every action of every session

  @screenshot
  @clause:crs-input-plain-text @clause:crs-enter-sends @clause:crs-blank-not-sent
  @clause:crs-escape-idle-does-nothing @clause:crs-escape-cancels-turn
  @clause:crs-ignore-unknown-events @clause:crs-timestamp-turn-start
  @clause:crs-timestamp-turn-end @clause:crs-slash-select-replaces-input
  @clause:crs-slash-keys-escape @clause:crs-command-bubble-for-slash-input-type
  @clause:crs-text-bubble-for-other-input-types @clause:crs-at-search-request
  @clause:crs-at-keys-escape @clause:crs-token-replaces-query @clause:crs-send-token-format
  @clause:crs-send-file-references @clause:crs-history-recall
  @clause:crs-interaction-keys-yn @clause:crs-interaction-keys-permission
  @clause:crs-interaction-keys-select @clause:crs-interaction-escape-default
  @clause:crs-initial-turns @clause:crs-slash-popup-opens @clause:crs-slash-filter-prefix
  @clause:crs-slash-keys-typing @clause:crs-slash-keys-move @clause:crs-slash-keys-select
  @clause:crs-escape-closes-popup @clause:crs-escape-closes-interaction
  @clause:crs-slash-no-match-stays-open @clause:crs-slash-popup-overlay
  @clause:crs-slash-item-content @clause:crs-slash-item-hierarchy @clause:crs-slash-item-separation
  @clause:crs-slash-focus-highlight @clause:crs-slash-single-highlight
  @clause:crs-slash-highlight-full-row @clause:crs-slash-highlight-contrast
  @clause:crs-slash-item-padding @clause:crs-slash-no-trigger-mid-word
  @clause:crs-slash-trigger-position
  @scenario_timeout:600
  Scenario: Random sessions with popups, interaction requests and reopening lose nothing
    When the explorer runs its sessions with popups, interaction requests and reopening against the RAWP-CRS client
    Then every invariant held after every action of every session
