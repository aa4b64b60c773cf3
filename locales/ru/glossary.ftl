## /glossary: имена и термины, которые добавляются к расшифровкам и нарезкам роликов
command-glossary = Имена и термины для расшифровок и роликов
welcome-glossary = 📖 Имена в ваших записях распознаются неправильно? Добавьте их один раз в /glossary.
glossary-title = 📖 Ваш словарь: имена и термины, которые я добавляю к каждому заданию «Расшифровка» и «Нарезка роликов», чтобы они были написаны правильно.
glossary-empty = Пока он пуст.
glossary-terms = { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слов
    }: { $terms }
glossary-how = Отправьте имена и термины, чтобы добавить их: через запятую или каждый с новой строки. Нажмите на слово ниже, чтобы убрать его. Помещается до { $terms ->
    [one] { $terms } слова
   *[other] { $terms } слов
    } и { $max ->
    [one] { $max } символа
   *[other] { $max } символов
    } в сумме; { $left ->
    [one] остался { $left } символ
    [few] осталось { $left } символа
   *[many] осталось { $left } символов
    }.
glossary-added = ✅ Добавлено: { $terms }.
glossary-removed = Убрано: { $term }
glossary-nothing-new = Эти слова уже есть в вашем словаре.
glossary-term-too-long = Ничего не добавлено: «{ $term }» слишком длинно для одного имени или термина, в нём не больше { $max ->
    [one] { $max } символа
   *[other] { $max } символов
    }. Ставьте запятые между терминами.
glossary-too-many = Ничего не добавлено: в словаре помещается не больше { $max ->
    [one] { $max } слова
   *[other] { $max } слов
    }, а { $room ->
    [0] он уже полон
    [one] места осталось на { $room } слово
    [few] места осталось на { $room } слова
   *[many] места осталось на { $room } слов
    }. Сначала уберите что-нибудь.
glossary-too-long = Ничего не добавлено: здесь { $needed ->
    [one] { $needed } символ
    [few] { $needed } символа
   *[many] { $needed } символов
    }, а из { $max } { $room ->
    [one] остался { $room }
   *[other] осталось { $room }
    }. Сначала уберите какое-нибудь слово или отправьте меньше.
glossary-clear = 🗑 Очистить всё
glossary-clear-ask = Убрать из словаря { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слов
    }?
glossary-clear-yes = 🗑 Да, очистить
glossary-cleared = Словарь очищен

## Словарь на карточке задания
glossary-card = 📖 Ваш словарь: { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слов
}
glossary-card-left-out = ✂️ В поле не хватило места для { $count } из них: { $terms }
glossary-card-off = 📖 Словарь в этом задании не используется
glossary-card-leave-out = 📖 Без моего словаря
glossary-card-use = 📖 Добавить мой словарь
