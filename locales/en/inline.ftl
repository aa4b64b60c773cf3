# Inline mode: the user's results offered in any chat by typing the bot's name.
help-inline = { $bot } in any chat – share your results there
welcome-inline = ↗️ Type { $bot } in any chat to send your results there.
inline-empty-button = No results yet – open the bot to make one
inline-no-match-button = Nothing matches – open the bot
