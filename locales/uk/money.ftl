## Скільки коштує завдання: картка форми, перевірка балансу перед створенням, ліміти тарифу

money-cost = Вартість: приблизно { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
}
money-cost-range = Вартість: приблизно { $least }–{ $most } { $most ->
    [one] токен
    [few] токени
   *[other] токенів
} (кожна картка коштує { $card }; скільки їх додати, вирішує сервіс)
money-cost-per-minute = Вартість: приблизно { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
} за хвилину файлу (його тривалість стане відома, коли сервіс його відкриє)
money-cost-free = Вартість: безкоштовно
money-cost-plan-feature = Вартість: без токенів, анімовані відео входять у ваш тариф
money-balance = Баланс: { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
}
money-short = Потрібно приблизно { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
}, а на балансі { $balance }. Поповніть його, перш ніж створювати завдання: /balance
money-plan = Тариф: { $tariff }
money-quota-uses = З місячного ліміту піде приблизно { $uses }
money-quota-seconds = { $seconds } { $seconds ->
    [one] секунда
    [few] секунди
   *[other] секунд
} відео
money-quota-transcription = { $seconds } { $seconds ->
    [one] секунда
    [few] секунди
   *[other] секунд
} розпізнавання мовлення
money-quota-characters = { $characters } { $characters ->
    [one] символ
    [few] символи
   *[other] символів
} озвучення
money-quota-auto-text = автоматичні підписи для { $count } відео
money-quota-cards = { $count } { $count ->
    [one] картка
    [few] картки
   *[other] карток
}
money-quota-cards-range = { $least }–{ $most } { $most ->
    [one] картка
    [few] картки
   *[other] карток
}

## Під результатом
money-result-cost = Вартість: приблизно { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
}
money-result-cost-range = Вартість: приблизно { $least }–{ $most } { $most ->
    [one] токен
    [few] токени
   *[other] токенів
}, залежно від кількості карток

## Значення, які форма бере з останнього завдання того ж типу
money-last-video = Як у вашому останньому відео: { $fields }
money-last-transcription = Як у вашому останньому розпізнаванні: { $fields }
money-last-audio = Як у вашому останньому озвученні: { $fields }
money-last-subtitles = Як у вашому останньому відео із субтитрами: { $fields }
money-last-pause_removal = Як у вашому останньому видаленні пауз: { $fields }
money-last-dubbing = Як у вашому останньому дубляжі: { $fields }
money-last-smart_clip = Як у вашій останній нарізці роликів: { $fields }
money-last-motion = Як у вашому останньому анімованому відео: { $fields }
money-last-use-settings = ↩️ Узяти мої налаштування
money-last-reset = Повернуто ваші налаштування.
money-extra = { $span ->
    [range] +{ $least }–{ $most } { $most ->
        [one] токен
        [few] токени
       *[other] токенів
    }
    [up-to] ще до { $most } { $most ->
        [one] токена
       *[other] токенів
    }
   *[exact] +{ $most } { $most ->
        [one] токен
        [few] токени
       *[other] токенів
    }
}
money-extra-per-minute = { $span ->
    [range] +{ $least }–{ $most } { $most ->
        [one] токен
        [few] токени
       *[other] токенів
    } за хвилину
    [up-to] ще до { $most } { $most ->
        [one] токена
       *[other] токенів
    } за хвилину
   *[exact] +{ $most } { $most ->
        [one] токен
        [few] токени
       *[other] токенів
    } за хвилину
}

## /settings: типові значення сервісу, коли нічого не вибрано
money-settings-default-provider = { $provider } (для дубляжу — { $dubbing })
money-settings-default-style = власна манера голосу
