## generation service: commands
command-image = Зображення з тексту або з фото
command-queue = Що зараз генерується і чекає в черзі та коли буде готово
command-gallery = Ваші генерації: перегляд, вибір, видалення, місце у сховищі
command-account = Ваш акаунт генерації: тариф, баланс, ключ, сховище
command-connect = Під'єднати акаунт сервісу генерації
command-disconnect = Забути під'єднаний акаунт генерації

## generation service: linking the account
connect-ask-key =
    Надішліть мені API-ключ вашого акаунта сервісу генерації зображень і відео. Його створюють в особистому кабінеті сервісу; він має вигляд <code>name_live_abcd1234_…</code>.
    Я одразу видалю ваше повідомлення і збережу ключ зашифрованим. /cancel — скасувати.
connect-not-a-key = Це не схоже на ключ сервісу генерації. Він складається з чотирьох частин через підкреслення, наприклад <code>name_live_abcd1234_…</code>; скопіюйте його повністю з особистого кабінету й надішліть або натисніть /cancel.
connect-checking = 🔐 Перевіряю ключ <code>{ $name }…</code>
connect-done =
    ✅ Під'єднано: тариф { $plan }, баланс { $tokens } { $tokens ->
            [one] токен
            [few] токени
           *[many] токенів
        } (приблизно ${ $usd }).
    За бажанням надішліть секрет підпису вебхуків, який показано поруч із ключем: тоді готові зображення надходитимуть одразу. Без нього я перевірятиму їх кожні кілька секунд. Це повідомлення я теж одразу видалю.
connect-button-skip = Пропустити
connect-secret-saved = 🔐 Секрет підпису збережено, ваше повідомлення видалено. Тепер готові зображення надходитимуть одразу.
connect-secret-saved-in-view = 🔐 Секрет підпису збережено. Тепер готові зображення надходитимуть одразу.
connect-not-deleted = ⚠️ Не вдалося видалити ваше повідомлення з { $what ->
    [key] ключем
   *[secret] секретом підпису
}. Будь ласка, видаліть його самі просто зараз: його може прочитати кожен, хто бачить цей чат. Я теж і далі пробуватиму його видалити.
connect-secret-skipped = ✅ Під'єднано. Без секрету підпису я перевірятиму готові зображення кожні кілька секунд. Щоб додати його пізніше, знову виконайте /connect з ключем, а потім надішліть секрет.
disconnect-done = Від'єднано: я забув ваш ключ генерації та секрет підпису. Уже запущені генерації завершаться у вашому акаунті на сервісі.
disconnect-nothing = Акаунт генерації не під'єднано. /connect — під'єднати.

## generation service: /account
account-not-linked = Акаунт генерації ще не під'єднано. /connect під'єднує його ключем з особистого кабінету сервісу.
account-title = 🎨 Акаунт генерації зображень і відео
account-plan = Тариф: { $plan }
account-balance = Баланс: { $tokens } { $tokens ->
        [one] токен
        [few] токени
       *[many] токенів
    } (приблизно ${ $usd })
account-key = Ключ: <code>{ $name }…</code>
account-key-expires = Діє до: { $date }
account-key-no-expiry = Безстроковий
account-key-budget = Бюджет ключа: використано { $used } з { $budget } { $budget ->
        [one] токена
       *[other] токенів
    }, лишилося { $left }
account-key-no-budget = Власного бюджету немає; з ним витрачено { $used } { $used ->
        [one] токен
        [few] токени
       *[many] токенів
    }
account-limits = Ліміти: { $rpm } { $rpm ->
        [one] запит
        [few] запити
       *[many] запитів
    } на хвилину, { $concurrent } { $concurrent ->
        [one] генерація
        [few] генерації
       *[many] генерацій
    } одночасно, { $batch } за запит, щонайбільше { $queued } у черзі
account-storage = Сховище: { $bar } { $percent }% ({ $used } з { $quota })
account-storage-unlimited = Сховище: без обмежень (зайнято { $used })
account-delivery-webhooks = Готові зображення надходять одразу завдяки секрету підпису, який ви надіслали.
account-delivery-polling = Я перевіряю готові зображення кожні кілька секунд. Надішліть секрет підпису після /connect, щоб вони надходили одразу.
account-details-more = 🔽 Докладніше: ліміти ключа
account-details-fewer = 🔼 Коротше

## generation service: errors
generation-error-invalid_api_key = Сервіс генерації не прийняв цей ключ: можливо, в ньому помилка, його відкликано або замінено. Скопіюйте чинний ключ з особистого кабінету сервісу і знову виконайте /connect.
generation-error-key_expired = Термін дії цього ключа минув. Створіть новий ключ в особистому кабінеті сервісу: відкрийте там розділ API-ключів і перевипустіть цей ключ (його ліміти збережуться), скопіюйте новий ключ (його показують лише раз) і надішліть тут /connect із ним.
generation-error-key_budget_exceeded = Власний бюджет токенів цього ключа вичерпано (він окремий від вашого балансу). Збільште бюджет ключа в особистому кабінеті сервісу або під'єднайте через /connect ключ із більшим бюджетом.
generation-error-email_not_verified = Адресу електронної пошти вашого акаунта генерації ще не підтверджено. Відкрийте лист підтвердження від сервісу і спробуйте знову.
generation-error-pro_required = Для цього потрібен тариф Pro. Перейдіть на нього в особистому кабінеті сервісу або виберіть значення без 🔒.
generation-error-insufficient_credits = На балансі недостатньо токенів. Поповніть його в особистому кабінеті сервісу; нічого не поставлено в чергу і нічого не списано.
generation-error-storage_full = Ваше сховище на сервісі генерації заповнене, тож нові генерації він не приймає. Звільніть місце в /gallery, видаливши старі результати, і спробуйте знову.
generation-error-queue_full = У вас уже стільки генерацій у черзі, скільки дозволяє сервіс (1000). Дочекайтеся, поки частина завершиться, або скасуйте ті, що чекають, на картці /queue.
generation-error-not_found = На сервісі генерації цього вже немає. Результати зберігаються 7 днів на тарифі Free і 30 днів на Pro.
generation-error-already_running = Це зображення вже створюється, його не можна зупинити; платите лише якщо воно вдасться.
generation-error-file_too_large = Це фото завелике для сервісу генерації (щонайбільше 20 МБ).
generation-error-unsupported_media_type = Сервіс генерації приймає лише фото JPEG, PNG і WebP.
generation-error-batch_too_large = Один запит створює щонайбільше 500 зображень. Зменште кількість описів або варіантів.
generation-error-prompt_count_mismatch = Кількість описів не відповідає кількості елементів. Дайте один опис для всіх або по одному на кожен.
generation-error-unavailable = Сервіс генерації зараз не може цього прийняти. Спробуйте, будь ласка, за кілька хвилин.
generation-error-busy-gave-up = Сервіс генерації був перевантажений { $minutes } { $minutes ->
    [one] хвилину
    [few] хвилини
   *[other] хвилин
} поспіль, тож запит не прийнято і нічого не списано. Спробуйте, будь ласка, пізніше.
generation-error-refused = Сервіс генерації відхилив запит: { $detail }

## generation service: forms
generation-form-text_to_image-name = Зображення з тексту
generation-form-reference_image-name = Зображення з фото-зразків
generation-not-linked = Акаунт генерації ще не під'єднано. /connect під'єднує його ключем з особистого кабінету сервісу.
form-group-prompt = ✏️ Опис і кількість
form-group-model = 🧠 Модель і якість
form-group-model-only = 🧠 Модель
form-group-picture = 📐 Форма і розмір
field-prompt = Опис
field-n = Зображень на опис
field-model = Модель
field-quality_mode = Якість
field-aspect = Форма
field-resolution = Розмір
field-background = Тло
hint-prompt-text_to_image = Опишіть картинку. Кілька рядків дають кілька картинок одразу: по одній на рядок, у межах ліміту сервісу на запит.
hint-prompt-reference_image = Опишіть нову картинку, яку треба скласти з ваших фото, одним повідомленням.
hint-n = Скільки варіантів на кожен опис.
hint-model = Кожна модель малює по-своєму і має свою ціну за зображення. 🔒 — потрібен тариф Pro.
hint-quality_mode = Ретельніший режим працює довше і може коштувати більше.
hint-aspect = Пропорції картинки.
hint-resolution = Більші картинки зберігають більше деталей. 🔒 — потрібен тариф Pro.
hint-background = Прозоре тло дає картинку без фону — для вирізок і стікерів.
form-media-prompt-reference_image = Надішліть одне або кілька фото, з яких скласти нову картинку (скільки саме — залежить від моделі). Коли все надіслано, натисніть «Готово».
form-media-wrong-reference_image = Зображення за зразками робиться лише з фото.
form-media-too-many-reference_image = Це { $count } фото, а ця модель поєднує щонайбільше { $max }. Виберіть модель, що приймає більше, або почніть знову з меншою кількістю.
value-prompts = { $count ->
    [one] { $count } опис: { $first }
    [few] { $count } описи, перший: { $first }
   *[other] { $count } описів, перший: { $first }
}
generation-model-label = { $kind ->
    [fixed] { $model } · { $min } { $min ->
            [one] токен
            [few] токени
           *[many] токенів
        }
   *[range] { $model } · { $min }–{ $max } { $max ->
            [one] токен
            [few] токени
           *[many] токенів
        }
}
value-quality-mode = { $mode ->
    [SPEED] Швидко
    [QUALITY] Найкраща якість
    [low] Низька
    [medium] Середня
    [high] Висока
    [standard] Стандартна
    [professional] Професійна
    [normal] Звичайна
    [custom] Спеціальна (з іншою ціною)
   *[other] { $label }
}
value-aspect = { $orientation ->
    [square] Квадрат { $aspect }
    [wide] Широка { $aspect }
    [tall] Вертикальна { $aspect }
   *[other] { $aspect }
}
value-background = { $background ->
    [auto] Автоматично
    [transparent] Прозоре
    [opaque] Суцільне
   *[other] { $label }
}
generation-pro-only = Для «{ $what }» потрібен тариф Pro. Перейдіть на нього в особистому кабінеті сервісу, а поки виберіть значення без 🔒.
generation-price-per-image = { $kind ->
    [fixed] Ціна: { $min } { $min ->
            [one] токен
            [few] токени
           *[many] токенів
        } за зображення
   *[range] Ціна: { $min }–{ $max } { $max ->
            [one] токен
            [few] токени
           *[many] токенів
        } за зображення, залежно від вибору
}
generation-price-fixed = Ціна: { $count } × { $each } = { $total } { $total ->
        [one] токен
        [few] токени
       *[many] токенів
    } (приблизно ${ $usd })
generation-price-range = Ціна: { $count } × { $each } = { $min }–{ $max } { $max ->
        [one] токен
        [few] токени
       *[many] токенів
    } (приблизно ${ $usdMin }–{ $usdMax }), залежно від вибору
generation-balance = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токени
       *[many] токенів
    }
generation-balance-and-budget = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токени
       *[many] токенів
    } · у бюджеті ключа лишилося: { $left }
generation-pay-for-success = Платите лише за зображення, що вдалися.
generation-price-over-balance = ⚠️ Це може коштувати до { $max } { $max ->
        [one] токена
       *[other] токенів
    } — більше, ніж { $left } на вашому балансі, а сервіс відхиляє запит, який не може покрити повністю. Зменште кількість зображень або виберіть дешевшу модель.
generation-price-over-budget = ⚠️ Це може коштувати до { $max } { $max ->
        [one] токена
       *[other] токенів
    } — більше, ніж { $left }, що лишилися в бюджеті ключа, а сервіс відхиляє запит, який ключ не покриває повністю. Зменште кількість зображень, виберіть дешевшу модель або збільште бюджет ключа.
generation-rule-unavailable = Сервіс генерації зараз не приймає нових зображень. Спробуйте, будь ласка, пізніше.
generation-rule-no-model = На вашому тарифі для цього немає моделі. Перейдіть на Pro в особистому кабінеті сервісу.
generation-rule-no-candidate = Сервіс не пропонує жодної моделі, яка це робить. Спробуйте інший вид зображення чи відео.
generation-prompt-first = Спершу напишіть опис: надішліть його сюди повідомленням.
generation-rule-too-many = Це { $count } { $count ->
        [one] зображення
        [few] зображення
       *[many] зображень
    }, а один запит створює щонайбільше { $max }. Зменште кількість описів або зображень на опис.
generation-rule-references = { $model } поєднує щонайбільше { $max } фото, а ви надіслали { $count }. Виберіть модель, що приймає більше, або почніть знову з меншою кількістю.
generation-error-insufficient_credits-numbers = Недостатньо токенів: потрібно { $need }, а на балансі { $balance }. Нічого не поставлено в чергу і нічого не списано. Поповніть баланс в особистому кабінеті сервісу, зменште кількість зображень або виберіть дешевшу модель.
generation-error-key_budget_exceeded-numbers = Власного бюджету ключа на це не вистачає: потрібно { $need } ток., а в ключа лишилося { $left } з { $budget }. Нічого не поставлено в чергу і нічого не списано. Збільште бюджет ключа в особистому кабінеті сервісу або зменште кількість зображень.

## generation service: ways in

## generation service: batch cards and results
generation-card-uploading = ⏳ Завантажую фото-зразок { $done } з { $total }…
generation-card-creating = ⏳ { $name }: надсилаю запит…
generation-card-busy = ⏳ { $name }: сервіс генерації зараз перевантажений. Спробую ще раз за { $seconds } { $seconds ->
    [one] секунду
    [few] секунди
   *[other] секунд
}; доки сервіс не прийме запит, нічого не списується.
generation-card-not-created = ❌ { $name }: не створено. { $reason }
generation-card-title = 🎨 { $name } · { $count ->
    [one] { $count } зображення
    [few] { $count } зображення
   *[other] { $count } зображень
} · { $model }
generation-card-progress = ⏳ у черзі { $queued } · ⚙️ створюється { $running } · ✅ готово { $done } · ❌ не вдалося { $failed }
generation-card-money = Зарезервовано { $reserved } { $reserved ->
        [one] токен
        [few] токени
       *[many] токенів
    }; списано поки { $charged }.
generation-card-money-final = Зарезервовано { $reserved } { $reserved ->
        [one] токен
        [few] токени
       *[many] токенів
    }; списано { $charged }.
generation-card-balance = Баланс ШІ-зображень та відео після резервування: { $balance } { $balance ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
generation-card-failed = ❌ Не вдалося: { $count }; повернуто { $refunded } { $refunded ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
generation-card-canceled = ✖️ Скасовано: { $count }; повернуто { $refunded } { $refunded ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
generation-card-cancel-running = { $count ->
    [one] { $count } вже створювалося і не могло бути зупинене; платите за нього лише якщо вдасться.
   *[other] { $count } вже створювалися і не могли бути зупинені; платите за них лише якщо вдадуться.
}
generation-card-pay-for-success = Платите лише за зображення, що вдалися.
generation-card-finished = ✅ { $name }: готово { $done } з { $count }, дивіться нижче.
generation-button-cancel-queued = ✖️ Скасувати ті, що в черзі ({ $count })
generation-button-change = 🔁 Змінити і спробувати знову
generation-button-original = ⬇️ Оригінал
generation-button-again = 🔁 Ще раз
generation-button-reference = 🧩 Як зразок
generation-button-animate = 🎬 Оживити
generation-button-delete = 🗑 Видалити
generation-button-delete-confirm = 🗑 Так, видалити
generation-button-keep = Залишити
generation-image-caption-unpriced = { $number }. { $prompt }
    { $model }
generation-image-caption = { $number }. { $prompt }
    { $model } · { $tokens } { $tokens ->
            [one] токен
            [few] токени
           *[many] токенів
        }
generation-album-title = Зображення { $from }–{ $to } · { $model }
generation-album-legend = 🎬 оживити · ⬇️ оригінальний файл · 🔁 ще раз · 🧩 як зразок · 🗑 видалити
generation-item-failed = ❌ { $number } не вдалося ({ $reason }): повернуто { $tokens } { $tokens ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
generation-item-no-reason = причину не вказано
generation-links-fallback = Не всі зображення вдалося надіслати сюди. Завантажте їх за цими посиланнями (вони діють 24 години):
generation-original-caption = Зображення { $number }, оригінальний файл
generation-original-coming = Надсилаю оригінальний файл…
generation-delete-confirm = Видалити зображення { $number } із сервісу назавжди? Копія в цьому чаті залишиться.
generation-deleted = Зображення { $number } видалено із сервісу. Копія в цьому чаті залишилася.
generation-deleted-already = Зображення { $number } на сервісі вже немає.
generation-kept = Залишено.
generation-canceling = Скасовую зображення в черзі…
