# Inline mode: the user's results offered in any chat by typing the bot's name.
help-inline = { $bot } в любом чате – поделиться там своими результатами
welcome-inline = ↗️ Наберите { $bot } в любом чате, чтобы отправить туда свои результаты.
inline-empty-button = Результатов пока нет – откройте бота, чтобы создать
inline-no-match-button = Ничего не найдено – открыть бота
