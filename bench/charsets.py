#!/usr/bin/env python3
"""Measures the character-set detection of `jgflint --convert` (SGF files
without CA): records made of real player names, events, results and
comments in Japanese, Korean, Chinese (simplified and traditional),
Russian, Ukrainian and Bulgarian (Windows-1251, KOI8-R, KOI8-U; Russian in
CP866 and ISO-8859-5 too), Western
European languages (with Windows' quotes and dashes too), Greek, Polish,
Czech, Hungarian, Turkish, Lithuanian and Latvian, Hebrew, Arabic and
Persian, and Thai, written in
the sets their writers use, from
the names alone up to commented games; prints the share detected right per
language and size, and what the rest was taken for.

bench/charsets.py [--jgflint PATH] [--per N] [--seed S] [--min SHARE] [--ca SET]
                  [--sizes SIZE,...] [--langs LANG,...]
bench/charsets.py --labelled [FILE] [--min 1]

The sizes are "names" (both players'), "header" (and the event and
result), "comments" (and three comments); "one" (asked for only) is a
record of one short value, a player's name or the result, the least
there is to detect from.

With --min, exits 1 when a language's share at the "header" size or above
falls below SHARE (or the language's own "min"), or when a record is read
in a wrong set without its note saying it is a guess (tests/charsets.sh
uses it). The vocabulary here is not
the detector's: its frequency lists (src/base/detect.c) are everyday text.

--labelled reads the labelled set (testdata/charsets/labelled.txt: the
cases each fix was made for, and made-up records in each set, with and
without CA, short and long, alone and in collections), converts each file
and compares what each game reads as with what it holds; it prints per set
the games read right, those said to be a guess and those read wrong without
a word, and with --min, exits 1 when a case misses its expectation."""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

VOCAB = {
    "ja": {
        "names": ["井山裕太", "一力遼", "芝野虎丸", "張栩", "山下敬吾", "高尾紳路", "羽根直樹", "河野臨",
                  "村川大介", "余正麒", "許家元", "本因坊秀策", "呉清源", "藤沢秀行", "坂田栄男", "小林光一",
                  "趙治勲", "大竹英雄", "武宮正樹", "加藤正夫", "石田芳夫", "依田紀基", "王銘琬", "結城聡",
                  "溝上知親", "上野愛咲美", "藤沢里菜", "謝依旻", "仲邑菫", "大西竜平", "佐田篤史", "安達利昌"],
        "events": ["第45期名人戦七番勝負第3局", "第77期本因坊戦挑戦手合", "棋聖戦決勝七番勝負第1局",
                   "NHK杯テレビ囲碁トーナメント", "第30期竜星戦", "王座戦五番勝負第2局", "碁聖戦",
                   "天元戦挑戦手合第4局", "十段戦", "日本棋院東京本院", "関西棋院", "新人王戦決勝"],
        "results": ["黒中押し勝ち", "白中押し勝ち", "白3目半勝ち", "黒半目勝ち", "白1目半勝ち", "持碁",
                    "黒時間切れ負け", "白2目半勝ち"],
        "comments": ["黒の先番です。", "白は中央を重視しました。", "この手が敗着でした。",
                     "ここで白が打ち込みました", "これで黒が優勢です", "白の好手。黒は苦しくなった。",
                     "参考図：黒1とツケれば、白2のハネで黒が悪い。", "実戦は黒1とカカリました。",
                     "左上の定石が一段落しました。", "白の大石が危ない形です。", "コミが大きいので黒は厳しい。",
                     "ヨセの段階に入りました", "黒からのキリが残っている。", "手厚い一手です。"],
        "sets": ["cp932", "euc_jp"],
    },
    "ko": {
        "names": ["이세돌", "박정환", "신진서", "최정", "조훈현", "이창호", "유창혁", "김지석", "강동윤",
                  "원성진", "박영훈", "최철한", "목진석", "안성준", "신민준", "변상일", "이동훈", "김명훈",
                  "한상훈", "홍성지", "윤준상", "백홍석", "박정상", "송태곤", "오유진", "김은지", "조혜연"],
        "events": ["제20기 GS칼텍스배 결승 3국", "삼성화재배 월드바둑마스터스", "LG배 조선일보 기왕전",
                   "한국바둑리그", "명인전 결승", "국수전 도전기", "응씨배 결승 제2국", "한국기원 대국실",
                   "농심신라면배 세계바둑최강전", "바둑TV배 신예최강전"],
        "results": ["흑 불계승", "백 불계승", "백 반집승", "흑 3집반승", "백 1집반승", "흑 시간승", "무승부"],
        "comments": ["흑이 유리하다", "이 수가 패착이었다", "좌상귀 정석", "백의 실착",
                     "실전은 흑1로 붙였다.", "참고도: 백1로 끊으면 흑이 좋다.", "중앙 전투가 시작되었다.",
                     "흑 대마가 위험하다.", "형세는 백이 약간 앞서 있다.", "끝내기 단계에 들어갔다.",
                     "좋은 수였다. 백이 곤란해졌다.", "흑의 두터운 수"],
        "sets": ["cp949"],
    },
    "zh_s": {
        "names": ["古力", "柯洁", "常昊", "聂卫平", "马晓春", "孔杰", "陈耀烨", "时越", "芈昱廷", "范廷钰",
                  "唐韦星", "党毅飞", "杨鼎新", "辜梓豪", "谢尔豪", "连笑", "周睿羊", "江维杰", "朴文尧",
                  "檀啸", "李轩豪", "许嘉阳", "王星昊", "丁浩", "赵晨宇", "於之莹", "王汝南", "俞斌",
                  "刘小光", "罗洗河", "胡耀宇", "邱峻", "彭荃", "黄云嵩", "芮乃伟", "华学明"],
        "events": ["第10届应氏杯世界职业围棋锦标赛决赛", "中国围棋甲级联赛", "梦百合杯世界围棋公开赛",
                   "春兰杯世界职业围棋锦标赛", "全国围棋个人赛", "名人战决赛第二局", "天元战",
                   "中国棋院", "新人王战", "阿含桐山杯", "倡棋杯中国职业围棋锦标赛"],
        "results": ["黑中盘胜", "白中盘胜", "白胜1/4子", "黑胜3又3/4子", "白胜半目", "黑胜2目半",
                    "和棋", "黑超时负"],
        "comments": ["本局黑棋开局不利", "白棋的好手", "黑棋败着", "实战中黑棋选择了退让。",
                     "参考图：白1断，黑2打吃，白不行。", "形势判断：双方接近。", "这是从压长星定式演变而来的形。",
                     "黑1夹是严厉的一手。", "白棋大龙危险。", "官子阶段，黑棋稍好。", "这手棋很厚实。",
                     "中央的战斗开始了"],
        "sets": ["gb2312", "gbk"],
    },
    "zh_t": {
        "names": ["周俊勳", "王元均", "林至涵", "陳詩淵", "簡靖庭", "許皓鋐", "賴均輔", "王立誠", "林海峰",
                  "張栩", "謝依旻", "黑嘉嘉", "楊承達", "蕭正浩", "彭景華", "林立祥", "張正平", "陳祈睿",
                  "徐靖恩", "王明琬"],
        "events": ["第18屆海峰杯", "台灣棋院", "應氏杯世界職業圍棋錦標賽", "天元戰", "棋王戰決賽第三局",
                   "名人戰", "國手戰", "中環杯", "海峰棋院", "業餘圍棋公開賽"],
        "results": ["黑中盤勝", "白中盤勝", "白勝四分之一子", "黑勝2又1/4子", "白勝半目", "和棋"],
        "comments": ["本局黑棋開局不利", "白棋的好手", "實戰黑棋選擇退讓。", "參考圖：白1斷，黑2打吃。",
                     "變化圖", "形勢判斷：雙方接近。", "黑1夾是嚴厲的一手。", "白棋大龍危險。",
                     "官子階段，黑棋稍好。", "這手棋很厚實。"],
        "sets": ["big5hkscs"],
    },
    "ru": {
        "names": ["Александр Динерштейн", "Илья Шикшин", "Дмитрий Сурин", "Светлана Шикшина",
                  "Наталья Ковалева", "Андрей Кульков", "Тимур Санкин", "Алексей Лазарев",
                  "Дмитрий Богацкий", "Ольга Кожевникова", "Станислав Фролов", "Пётр Иванов",
                  "Юрий Ёлкин", "Антон Прохоров", "Евгений Чеботарёв", "Маргарита Зинченко",
                  "Виктор Щербаков", "Сергей Жёлтиков", "ИВАНОВ Иван", "Анна Фёдорова"],
        "events": ["Чемпионат России по го", "Кубок Москвы", "Первенство Санкт-Петербурга",
                   "Финал командного чемпионата", "Турнир памяти Гольдберга", "Кубок Европы, 3 тур",
                   "Открытый чемпионат Новосибирска", "Лига КГС, второй круг"],
        "results": ["Чёрные победили сдачей", "Белые победили по времени", "B+R", "W+6.5",
                    "Белые выиграли 0,5 очка", "Ничья"],
        "comments": ["Хороший ход.", "Чёрные ошиблись: надо было отрезать.", "Это ключевой момент партии.",
                     "Белые захватили инициативу.", "Группа белых в опасности!", "Ошибка. Лучше было подождать.",
                     "После этого хода у чёрных преимущество.", "Тэсудзи, сильно сыграно.",
                     "Вариант: чёрные 1, белые 2, и чёрные живут.", "Слишком медленно, нужно играть в центр.",
                     "Джосеки закончено, очередь белых.", "Ко начинается здесь."],
        "sets": ["cp1251", "koi8_r"],
    },
    "uk": {
        "names": ["Артем Качановський", "Богдан Жураковський", "Андрій Кравець", "Ігор Гріщенко",
                  "Олександр Ретюнських", "Євген Пятницький", "Юлія Кравченко", "Ґеорґій Ярошенко",
                  "Дмитро Ковальчук", "Олена Шевчук", "Тарас Їжакевич", "Марія Зінченко"],
        "events": ["Чемпіонат України з ґо", "Кубок Києва", "Відкритий турнір Харкова",
                   "Фінал командного чемпіонату", "Меморіал Пєтухова", "Ліга КГС, третій тур"],
        "results": ["Чорні перемогли здачею", "Білі перемогли за часом", "B+R", "W+0.5"],
        "comments": ["Гарний хід.", "Чорні помилилися: треба було відрізати.", "Це ключовий момент партії.",
                     "Білі захопили ініціативу.", "Група білих у небезпеці!", "Помилка. Краще було почекати.",
                     "Після цього ходу в чорних перевага.", "Занадто повільно, треба грати в центр.",
                     "Їхня група ще не жива.", "Це єдиний хід."],
        "sets": ["cp1251"],
    },
    "bg": {
        "names": ["Иван Ангелов", "Георги Петров", "Мирослав Василев", "Стефан Попов",
                  "Цветелина Кирилова", "Димитър Тодоров", "Христо Стоянов", "Йордан Георгиев",
                  "Калоян Николов", "Мария Иванова"],
        "events": ["Държавно първенство по го", "Турнир на София", "Купа на Пловдив",
                   "Европейско първенство, четвърти кръг"],
        "results": ["Черните печелят с предаване", "Белите печелят по време", "B+R", "W+7.5"],
        "comments": ["Добър ход.", "Черните сгрешиха: трябваше да отрежат.", "Това е ключов момент.",
                     "Белите поеха инициативата.", "Групата на белите е в опасност!",
                     "Грешка. По-добре беше да се изчака.", "Твърде бавно, трябва да се играе в центъра."],
        "sets": ["cp1251", "koi8_r"],
    },
    "latin": {
        "names": ["Frédéric Donzet", "Rémi Campagnie", "Thomas Debarre", "Lukas Krämer", "Jürgen Müller",
                  "José García", "Åke Svensson", "Søren Jensen", "Benjamin Dréan-Guénaïzia",
                  "Tanguy Le Calvé", "Antoine Fenech", "Jérôme Hubert", "Fernando Aguilar", "Ondřej",
                  "Ilya Shikshin", "Mateusz Surma", "André Moussa", "Cristina Pop", "Hélène Ørsted",
                  "Björn Grönlund", "Gunnar Dickfeld", "Ali Jabarin", "Pál Balogh", "Bruno Lévêque",
                  "João Simões", "Inês Guimarães", "Luís Magalhães", "Niccolò Sgarbi", "Zoë Kühn"],
        "events": ["Championnat de France", "Europäische Go-Meisterschaft", "Coupe de Paris",
                   "Torneo di Milano", "Campeonato de España", "Go-Turnier Köln", "Tournoi de Genève",
                   "Svenska mästerskapet", "Danmarks Go-turnering"],
        "results": ["B+R", "W+R", "B+3.5", "W+0.5", "W+T"],
        "comments": ["très bon coup", "schöner Zug", "jogada muito boa", "La partie était équilibrée.",
                     "Noir a joué trop lentement.", "Weiß hätte hier schneiden müssen.",
                     "Ce coup est la clé de la partie.", "Blanc prend l'avantage après ça.",
                     "Très lourd, c'était mieux à gauche.", "Das ist ein Fehler von Schwarz.",
                     "Mejor habría sido cortar aquí.", "Después de esto, blanco está mejor.",
                     "Não é bom: as posições são iguais.", "Boa jogada, as brancas estão à frente.",
                     "È una mossa lenta, però il nero è più forte."],
        "sets": ["latin-1"],
    },
    "win": {
        "names": ["Frédéric Donzet", "Rémi Campagnie", "Jürgen Müller", "José García", "Thomas Debarre",
                  "Søren Jensen", "Hélène Ørsted", "Björn Grönlund", "Tanguy Le Calvé", "Ali Jabarin"],
        "events": ["“Coupe de Paris”", "Championnat de France – 2019", "Go-Turnier „Köln“",
                   "Torneo di Milano — finale"],
        "results": ["B+R", "W+R", "B+3.5", "W+0.5"],
        "comments": ["It’s the “vital point”.", "Black’s move – too slow…", "White’s group is dead.",
                     "A “tesuji”, well played.", "Noir a joué « trop lentement » – dommage.",
                     "Weiß’ Zug war stark…", "That’s the key – cut here."],
        "sets": ["cp1252"],
    },
    "el": {
        "names": ["Γιώργος Παπαδόπουλος", "Νίκος Αντωνίου", "Δημήτρης Κωνσταντίνου", "Μαρία Οικονόμου",
                  "Ελένη Γεωργίου", "Κώστας Ιωάννου", "Αλέξανδρος Νικολάου", "Σοφία Δημητρίου",
                  "Γιάννης Βασιλείου", "Άννα Χριστοδούλου", "Παναγιώτης Μιχαηλίδης", "Θανάσης Λαμπράκης",
                  "Κατερίνα Σταθοπούλου", "Βασίλης Ζαχαρίου", "Ευάγγελος Τσακίρης", "Χρήστος Αθανασίου",
                  "Ηλίας Ξενάκης", "Ιωάννα Ρήγα", "Σπύρος Φωτίου", "Όλγα Ψαρρά"],
        "events": ["Πανελλήνιο Πρωτάθλημα Γκο", "Κύπελλο Αθήνας", "Τουρνουά Θεσσαλονίκης, 3ος γύρος",
                   "Ευρωπαϊκό Πρωτάθλημα", "Ανοιχτό τουρνουά Πάτρας", "Ομαδικό πρωτάθλημα, τελικός"],
        "results": ["Ο μαύρος κέρδισε με παραίτηση", "Ο λευκός κέρδισε στον χρόνο", "B+R", "W+6.5"],
        "comments": ["Καλή κίνηση.", "Ο μαύρος έκανε λάθος εδώ: έπρεπε να κόψει.",
                     "Αυτή είναι η κρίσιμη στιγμή της παρτίδας.", "Ο λευκός παίρνει την πρωτοβουλία.",
                     "Η ομάδα του λευκού κινδυνεύει!", "Λάθος. Καλύτερα να περιμένει.",
                     "Πολύ αργό, έπρεπε να παίξει στο κέντρο.", "Το τζόσεκι τελείωσε, σειρά του λευκού.",
                     "Εδώ ξεκινάει το κο.", "Μετά από αυτή την κίνηση ο μαύρος έχει πλεονέκτημα."],
        "sets": ["cp1253", "iso8859_7"],
    },
    "pl": {
        "names": ["Paweł Łukasiewicz", "Mateusz Surma", "Leszek Sołdan", "Kamil Chwedczuk",
                  "Stanisław Frejlak", "Michał Gromadzki", "Wojciech Jakubowski", "Małgorzata Żółtowska",
                  "Agnieszka Wróblewska", "Łukasz Świątek", "Grzegorz Kaźmierczak", "Jędrzej Rudź",
                  "Zofia Ściegienna", "Krzysztof Nowakowski", "Dorota Kołodziej", "Bartłomiej Wiśniewski"],
        "events": ["Mistrzostwa Polski w Go", "Turniej w Warszawie", "Puchar Krakowa, runda 3",
                   "Otwarte Mistrzostwa Wrocławia", "Liga drużynowa, finał"],
        "results": ["Czarne wygrały przez poddanie", "Białe wygrały na czas", "B+R", "W+0.5"],
        "comments": ["Dobry ruch.", "Czarne popełniły błąd: trzeba było przeciąć.", "To kluczowy moment partii.",
                     "Białe przejmują inicjatywę.", "Grupa białych jest w niebezpieczeństwie!",
                     "Błąd. Lepiej było poczekać.", "Zbyt wolno, należało zagrać w środku.",
                     "Dżoseki skończone, ruch białych.", "Tu zaczyna się ko.", "Ładne tesuji, dobrze zagrane."],
        "sets": ["cp1250", "iso8859_2"],
    },
    "cs": {
        "names": ["Ondřej Šilt", "Lukáš Podpěra", "Jiří Čermák", "Vladimír Daněk", "Tereza Řeháková",
                  "Petr Dvořák", "Kateřina Nováková", "Tomáš Kučera", "Radek Němec", "Zuzana Horáková",
                  "Václav Růžička", "Jan Hora", "Martina Šťastná", "Ľubomír Kováč"],
        "events": ["Mistrovství České republiky v go", "Turnaj v Praze", "Pohár Brna, 2. kolo",
                   "Evropský pohár", "Slovenský pohár v Bratislave"],
        "results": ["Černý vyhrál vzdáním", "Bílý vyhrál na čas", "B+R", "W+2.5"],
        "comments": ["Dobrý tah.", "Černý udělal chybu: měl odříznout.", "Toto je klíčový okamžik partie.",
                     "Bílý přebírá iniciativu.", "Skupina bílého je v nebezpečí!", "Chyba. Lepší bylo počkat.",
                     "Příliš pomalé, měl hrát ve středu.", "Tady začíná ko.", "Po tomto tahu má černý výhodu."],
        "sets": ["cp1250", "iso8859_2"],
    },
    "hu": {
        "names": ["Csaba Mérő", "Pál Balogh", "Gergely Szabó", "Dániel Kőszegi", "Zsófia Tóth", "Ádám Erdős",
                  "Bence Fülöp", "Réka Kovács", "Gábor Szűcs", "Eszter Bíró", "Kovács Gábor", "Erdős Pál",
                  "Szűcs Ildikó", "Nagy Győző", "Mérő Csaba", "Lőrincz Ákos"],
        "events": ["Magyar Go Bajnokság", "Budapesti verseny, 4. forduló", "Őszi kupa"],
        "results": ["Fekete feladással nyert", "Fehér idővel nyert", "B+R"],
        "comments": ["Jó lépés.", "Fekete hibázott: vágnia kellett volna.", "Ez a játszma kulcspillanata.",
                     "Fehér átveszi a kezdeményezést.", "Túl lassú, középen kellett volna játszani.",
                     "Itt kezdődik a kó.", "Fehér csoportja veszélyben van!", "Erős lépés, fekete előnyben van.",
                     "Ez a lépés túl lassú, jobb lett volna a felső oldalon."],
        "sets": ["cp1250", "iso8859_2"],
        # a name alone whose ő ű are Estonian's õ or French's û in
        # ISO-8859-1 (Kőrös, Fűzfa) is said to be a guess
        "min": 0.9,
    },
    "tr": {
        "names": ["Çağrı Şahin", "Mehmet Yılmaz", "Ayşe Kaya", "Oğuz Demir", "Gökhan Öztürk", "Şeyma Çelik",
                  "İbrahim Doğan", "Ümit Aydın", "Elif Arslan", "Barış Koç", "Zeynep Güneş", "Emre Yıldız",
                  "Tolga Kılıç", "Özge Erdoğan", "Cem Aksoy", "Işıl Tunç"],
        "events": ["Türkiye Go Şampiyonası", "İstanbul Turnuvası, 3. tur", "Ankara Kupası",
                   "Üniversiteler arası turnuva"],
        "results": ["Siyah terk ile kazandı", "Beyaz süre ile kazandı", "B+R", "W+6.5"],
        "comments": ["İyi hamle.", "Siyah hata yaptı: kesmesi gerekiyordu.", "Bu oyunun kritik anı.",
                     "Beyaz inisiyatifi aldı.", "Beyazın grubu tehlikede!", "Hata. Beklemek daha iyiydi.",
                     "Çok yavaş, merkeze oynamalıydı.", "Burada ko başlıyor.", "Güzel bir tesuji."],
        "sets": ["cp1254", "iso8859_9"],
        # a few records of names and a header read as Central European
        "min": 0.85,
    },
    "baltic": {
        "names": ["Jūratė Ąžuolienė", "Mantas Žukauskas", "Gintarė Šimkutė", "Tomas Petrauskas",
                  "Rūta Kazlauskienė", "Linas Černiauskas", "Dovilė Jankauskaitė", "Vytautas Paulauskas",
                  "Jānis Bērziņš", "Līga Kalniņa", "Andris Ozoliņš", "Kārlis Krūmiņš", "Ilze Liepiņa",
                  "Mart Põder", "Kärt Sõrmus", "Jüri Tamm"],
        "events": ["Lietuvos go čempionatas", "Latvijas čempionāts go", "Vilniaus turnyras, 3 turas",
                   "Rīgas kauss", "Eesti meistrivõistlused"],
        "results": ["Juodieji laimėjo", "Melnie uzvarēja", "B+R", "W+0.5"],
        "comments": ["Geras ėjimas.", "Juodieji suklydo: reikėjo nukirsti.", "Tai lemiamas partijos momentas.",
                     "Baltieji perėmė iniciatyvą.", "Labs gājiens.", "Melnie kļūdījās: vajadzēja nogriezt.",
                     "Baltā grupa ir briesmās!", "Per lėtai, reikėjo žaisti centre.", "Šeit sākas ko."],
        "sets": ["cp1257"],
        # Latvian's ā ē ī ņ read as French's â ç î ò: likewise
        "min": 0.0,
    },
    "he": {
        "names": ["יוסי כהן", "דניאל לוי", "מיכל אברהם", "אורי פרידמן", "נועה שפירא", "איתי גולדברג",
                  "שירה מזרחי", "עמית ביטון", "רון אלון", "תמר רוזן", "אביב שלום", "יעל דהן", "גיל ששון",
                  "חן צור"],
        "events": ["אליפות ישראל בגו", "טורניר תל אביב", "גביע ירושלים, סיבוב שלישי", "ליגת המועדונים"],
        "results": ["שחור ניצח בכניעה", "לבן ניצח בזמן", "B+R", "W+6.5"],
        "comments": ["מהלך טוב.", "שחור טעה כאן: היה צריך לחתוך.", "זה הרגע המכריע של המשחק.",
                     "לבן לוקח את היוזמה.", "הקבוצה של לבן בסכנה!", "טעות. עדיף היה לחכות.",
                     "איטי מדי, היה צריך לשחק במרכז.", "כאן מתחיל הקו.", "אחרי המהלך הזה לשחור יש יתרון."],
        "sets": ["cp1255"],
    },
    "ar": {
        "names": ["محمد العلي", "أحمد حسن", "فاطمة الزهراء", "علي منصور", "يوسف إبراهيم", "سارة خالد",
                  "عمر الفاروق", "ليلى عبد الله", "خالد سعيد", "نور الهدى", "حسين كريم", "مريم يوسف",
                  "پویا کریمی", "امیر حسینی", "مریم احمدی"],
        "events": ["بطولة مصر للغو", "دورة القاهرة، الجولة الثالثة", "كأس دبي", "مسابقات طهران"],
        "results": ["فاز الأسود بالاستسلام", "فاز الأبيض بالوقت", "B+R", "W+7.5"],
        "comments": ["نقلة جيدة.", "أخطأ الأسود هنا: كان يجب القطع.", "هذه هي اللحظة الحاسمة في المباراة.",
                     "الأبيض يأخذ المبادرة.", "مجموعة الأبيض في خطر!", "خطأ. كان الانتظار أفضل.",
                     "بطيء جدا، كان يجب اللعب في الوسط.", "هنا يبدأ الكو.", "حرکت خوبی بود."],
        "sets": ["cp1256"],
    },
    "th": {
        "names": ["สมชาย ใจดี", "สมศักดิ์ วงศ์ไทย", "วิชัย ศรีสุข", "นภา แก้วมณี", "ประเสริฐ ทองดี", "กมล สุวรรณ",
                  "อรุณี พรหมมา", "ธนากร บุญมา", "ปิยะ รัตนพันธ์", "สุดา มีสุข", "ณัฐพล เกียรติศักดิ์",
                  "พิมพ์ชนก ศรีวงศ์"],
        "events": ["การแข่งขันหมากล้อมชิงแชมป์ประเทศไทย", "ถ้วยกรุงเทพ รอบที่สาม", "หมากล้อมเยาวชน",
                   "สมาคมหมากล้อมแห่งประเทศไทย"],
        "results": ["ดำชนะ", "ขาวชนะเวลา", "B+R", "W+6.5"],
        "comments": ["ตาเดินที่ดี", "ดำเดินผิดตรงนี้ ควรตัด", "นี่คือจุดสำคัญของเกม", "ขาวได้เปรียบแล้ว",
                     "กลุ่มของขาวกำลังอันตราย!", "ผิดพลาด ควรรอก่อน", "ช้าเกินไป ควรเล่นตรงกลาง",
                     "โคเริ่มที่นี่", "หลังจากตานี้ ดำได้เปรียบ"],
        "sets": ["cp874", "tis_620"],
    },
}
# Ukrainian in KOI8-U too (after the others, so that their records stay
# those of before at a seed).
VOCAB["uk-u"] = dict(VOCAB["uk"], sets=["koi8_u"])
# Russian in DOS's CP866 and in ISO-8859-5 (after the others too).
VOCAB["ru-other"] = dict(VOCAB["ru"], sets=["cp866", "iso8859_5"])

# Western records whose text has Latin-1's symbols beside its letters
# (6½, 30°, © 2003, « », ¿ ¡, £5), the same names (after the others too):
# ISO-8859-2 read © and ½ as Š and ˝ (issue 71).
VOCAB["latin-sym"] = dict(VOCAB["latin"], events=[
    "Coupe « Été » de Paris", "© 2003 Go Club Genève", "Campeonato de España ¿2004?",
    "Go-Turnier Köln ½-Finale", "Tournoi de Lyon, 2ª ronde", "Torneo di Milano, 3º turno"],
    results=["B+6½", "W+½", "B+R", "W+3½", "W+R"],
    comments=["Komi 6½ points.", "Komi: 7½, très bien.", "© 2003 Jürgen Müller.", "Entry £5, 30° outside.",
              "¿Por qué no cortar aquí? ¡Muy lento!", "Schwarz gewinnt mit ½ Punkt.",
              "Blanc « trop lent » ici.", "Temps : 45 min ± 5.", "Komi 6½ – noir gagne de ½ point."])

# Records in UTF-8 whose black player's name has one to three characters
# damaged, as servers cut or mangle names (a lead byte lost, a byte made
# `?`, the last character cut): "utf8_damaged", read right as UTF-8, the
# damaged bytes as U+FFFD (issue 71: one damaged name read the record as
# CP866).
VOCAB["utf8-damaged"] = {
    key: VOCAB["ja"][key] + VOCAB["ko"][key] + VOCAB["zh_s"][key] + VOCAB["ru"][key]
    for key in ("names", "events", "results", "comments")}
VOCAB["utf8-damaged"]["sets"] = ["utf8_damaged"]


def damaged(data, rng):
    """UTF-8 bytes of a record with one to three characters of PB's value
    damaged (every one of a short name's)."""
    at = data.find(b"PB[")
    if at < 0:
        return data
    at += 3
    end = data.index(b"]", at)
    starts = [i for i in range(at, end) if data[i] >= 0xC0]
    name = bytearray(data[at:end])
    for i in sorted(rng.sample(starts, min(len(starts), rng.choice((1, 2, 3)))), reverse=True):
        k = i - at
        n = 2 if name[k] < 0xE0 else 3 if name[k] < 0xF0 else 4
        how = rng.choice(("lead", "middle", "cut"))
        if how == "lead":
            del name[k]
        elif how == "middle":
            name[k + 1] = ord("?")
        else:
            del name[k + n - 1]
    return data[:at] + bytes(name) + data[end:]


def encoded(text, codec, rng):
    if codec == "utf8_damaged":
        return damaged(text.encode("utf-8"), rng)
    return text.encode(codec)


# What the note says for each Python codec.
EXPECTED = {"cp932": "CP932", "euc_jp": "EUC-JP", "cp949": "CP949", "gb2312": "GB18030",
            "gbk": "GB18030", "big5hkscs": "BIG5-HKSCS", "latin-1": "ISO-8859-1",
            "cp1252": "CP1252", "cp1251": "CP1251", "koi8_r": "KOI8-R", "koi8_u": "KOI8-U",
            "cp1250": "CP1250", "iso8859_2": "ISO-8859-2", "cp1253": "CP1253", "iso8859_7": "ISO-8859-7",
            "cp1254": "CP1254", "iso8859_9": "ISO-8859-9", "cp1257": "CP1257", "cp1255": "CP1255",
            "cp1256": "CP1256", "cp874": "CP874", "tis_620": "CP874", "cp866": "CP866",
            "iso8859_5": "ISO-8859-5", "utf8_damaged": "UTF-8"}
# A set named otherwise that reads the bytes alike reads them right too
# (KOI8-U's Russian, ISO-8859-7's Greek in Windows-1253).
CODEC = dict((v, k) for k, v in EXPECTED.items())
CODEC.update({"ISO-8859-1": "latin-1", "CP874": "cp874", "UTF-8": "utf-8"})


def reads_alike(got, data, text):
    try:
        return got in CODEC and data.decode(CODEC[got]) == text
    except UnicodeDecodeError:
        return False

SIZES = ("names", "header", "comments")
ALL_SIZES = SIZES + ("one",)


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def record(rng, vocab, size, ca=None):
    if size == "one":
        prop, values = rng.choice((("PB", vocab["names"]), ("RE", vocab["results"])))
        return "(;GM[1]FF[4]%sSZ[19]%s[%s];B[pd])\n" % ("CA[%s]" % ca if ca else "", prop,
                                                       escape(rng.choice(values)))
    pb, pw = rng.sample(vocab["names"], 2)
    props = "GM[1]FF[4]%sSZ[19]PB[%s]PW[%s]" % ("CA[%s]" % ca if ca else "", escape(pb), escape(pw))
    if size != "names":
        props += "EV[%s]RE[%s]" % (escape(rng.choice(vocab["events"])),
                                   escape(rng.choice(vocab["results"])))
    nodes = ";B[pd];W[dp];B[pq];W[dd]"
    if size == "comments":
        cs = rng.sample(vocab["comments"], 3)
        nodes = ";B[pd]C[%s];W[dp];B[pq]C[%s];W[dd]C[%s]" % tuple(escape(c) for c in cs)
    return "(;%s%s)\n" % (props, nodes)


NOTE = re.compile(r"(?:note|info|warning): (?:no CA: |CA\[[^]]*\][ ,][^:]*: )?(?:the bytes are (?:valid UTF-8|UTF-8 but for [^)]*\)), )?read as ([A-Z0-9-]+)(, a guess)?")


def detected(jgflint, paths, outdir):
    """The set each file of paths was read in, and whether said a guess: one
    --convert of them all (a process a file cost most of the time)."""
    if not paths:
        return []
    out = subprocess.run([jgflint, "--no-config", "--convert", "--force", "--output", outdir] + paths,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace")
    said = {}
    for line in (out.stdout + out.stderr).splitlines():
        path, _, rest = line.partition(": ")
        m = NOTE.search(rest)
        if m and path not in said:
            said[path] = (m.group(1), bool(m.group(2)))
    return [said.get(path, ("?", False)) for path in paths]


def run_lines(jgflint, paths, outdir):
    """One --convert --force of paths into outdir (a process a file cost
    most of the time): each input's lines of its output, in their order,
    and the records it wrote. A line is its input's when it begins with the
    input's name, or with that of a record the input wrote (its "wrote"
    lines say which)."""
    out = subprocess.run([jgflint, "--no-config", "--convert", "--force", "--output", outdir] + paths,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace")
    lines = {path: [] for path in paths}
    wrote = {path: [] for path in paths}
    owner = {path: path for path in paths}
    for line in (out.stdout + out.stderr).splitlines():
        m = re.match(r"(.*?): wrote (\S+) \(", line)
        if m and m.group(1) in owner:
            wrote[m.group(1)].append(m.group(2))
            owner[m.group(2)] = m.group(1)
    for line in (out.stdout + out.stderr).splitlines():
        name = line.split(":", 1)[0]
        if name in owner:
            lines[owner[name]].append(line)
    return lines, wrote


def detected_games(jgflint, files, outdir):
    """The set each game of each file was read in, and whether said a guess:
    files are (path, number of games), all read by one run."""
    if not files:
        return []
    lines, _ = run_lines(jgflint, [path for path, _ in files], outdir)
    found = []
    for path, n in files:
        sets = [("?", False)] * n
        for line in lines[path]:
            m = re.search(r"(?:note|info|warning): (game (\d+): )?(?:no CA: |CA\[[^]]*\][ ,][^:]*: )?(?:the bytes are (?:valid UTF-8|UTF-8 but for [^)]*\)), )?read as ([A-Z0-9-]+)(, (?:a guess|detected over the games))?", line)
            if not m:
                continue
            got = (m.group(3), bool(m.group(4)))
            if m.group(2):
                sets[int(m.group(2)) - 1] = got
            else:
                sets = [got] * n
        found.append(sets)
    return found


def collections(args, rng, tmp):
    """Files of two or three games without CA, in one set ("single": a real
    collection, which must read as one) or each in its own ("mixed")."""
    pairs = [(lang, codec) for lang, vocab in VOCAB.items() for codec in vocab["sets"]
             if not args.langs or lang in args.langs.split(",")]
    failed = False
    print("%-7s %-9s %s" % ("kind", "size", "games right, read wrong in silence"))
    for kind in ("single", "mixed"):
        for size in args.sizes.split(","):
            right = total = silent = 0
            made = []
            for i in range(args.per * 10):
                k = rng.choice((2, 3))
                if kind == "mixed":   # (--langs of two sets alone: two games)
                    k = min(k, len(pairs))
                chosen = [rng.choice(pairs)] * k if kind == "single" else rng.sample(pairs, k)
                games = []
                for lang, codec in chosen:
                    text = record(rng, VOCAB[lang], size)
                    try:
                        games.append((text, encoded(text, codec, rng), codec))
                    except UnicodeEncodeError:
                        break
                if len(games) < k or any(max(d) < 0x80 for _, d, _ in games):
                    continue
                path = os.path.join(tmp, "%s-%s-%d.sgf" % (kind, size, i))
                with open(path, "wb") as f:
                    f.write(b"".join(d for _, d, _ in games))
                made.append((path, games))
            # (one run for the files of a kind and size)
            sets = detected_games(args.jgflint, [(path, len(games)) for path, games in made], tmp + "/out")
            for (path, games), found in zip(made, sets):
                for (text, data, codec), (got, guess) in zip(games, found):
                    total += 1
                    if got == EXPECTED[codec] or reads_alike(got, data, text):
                        right += 1
                    elif not guess:
                        silent += 1
                        if args.show:
                            print("# %s: %s taken for %s" % (os.path.basename(path), codec, got))
            print("%-7s %-9s %4d/%-4d %5.1f%%  silently wrong %d" % (kind, size, right, total,
                                                                   100 * right / max(total, 1), silent))
            failed = failed or (args.min is not None and kind == "single" and silent)
    return 1 if failed else 0


LABELLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "charsets",
                        "labelled.txt")
PIECE = re.compile(r"\\x([0-9A-Fa-f]{2})|\{([a-z0-9_-]+):([^}]*)\}|\\n")


def parse_labelled(path):
    """The cases of the labelled set: each a file of games (labelled.txt)."""
    cases = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "case":
            name, _, ext = rest.partition(" ")
            cases.append({"name": name, "ext": ext or "sgf", "games": []})
        elif word == "game" and cases:
            codec, sets, text = rest.split(" ", 2)
            must = sets[-1] if sets[-1] in "!?=" else ""
            cases[-1]["games"].append({"codec": codec, "sets": sets.rstrip("!?=").split("|"),
                                       "must": must, "text": text, "want": []})
        elif word in ("want", "exact") and cases and cases[-1]["games"]:
            cases[-1]["games"][-1]["want"].append((rest, word == "exact"))
        else:
            raise SystemExit("%s:%d: not a line of the labelled set" % (path, n))
    return cases


def labelled_bytes(game):
    """A game's bytes, and its text as it must read (U+FFFD for a raw byte)."""
    data, shown, at = b"", "", 0
    text = game["text"]
    for m in PIECE.finditer(text):
        data += text[at:m.start()].encode(game["codec"])
        shown += text[at:m.start()]
        if m.group(0) == "\\n":
            data += b"\n"
            shown += "\n"
        elif m.group(1):
            data += bytes([int(m.group(1), 16)])
            shown += "\ufffd"
        else:
            data += m.group(3).encode(m.group(2))
            shown += m.group(3)
        at = m.end()
    return data + text[at:].encode(game["codec"]) + b"\n", shown + text[at:]


def labelled_values(game, shown):
    """The values a game must read as: its wanted ones, else each of its SGF
    values with characters beyond ASCII (none holding a raw byte)."""
    if game["want"]:
        return game["want"]
    values = [re.sub(r"\\(.)", r"\1", v, flags=re.S)
              for v in re.findall(r"\[((?:\\.|[^\]\\])*)\]", shown, re.S)]
    return [(v, False) for v in values if max(v, default="\0") > "\x7f" and "\ufffd" not in v]


def strings_of(node, out):
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, dict):
        for v in node.values():
            strings_of(v, out)
    elif isinstance(node, list):
        for v in node:
            strings_of(v, out)
    return out


def read_labelled(jgflint, files, outdir):
    """What --convert read each labelled file's games as (files: (path,
    number of games), all read by one run): the strings of its records, and
    each game's note (its set, whether said a guess, the note's severity and
    words), and what the run said of it."""
    lines, wrote = run_lines(jgflint, [path for path, _ in files], outdir)
    found = []
    for path, n in files:
        strings = []
        for name in sorted(wrote[path]):
            with open(name, encoding="utf-8", errors="replace") as f:
                try:
                    strings_of(json.load(f), strings)
                except ValueError:
                    pass
        notes = [None] * n
        for line in lines[path]:
            m = re.search(r": (note|info|warning|error): (game (\d+): )?(?:no CA: |CA\[[^]]*\][ ,][^:]*: )?"
                          r"(?:the bytes are (?:valid UTF-8|UTF-8 but for [^)]*\)), )?read as ([A-Z0-9-]+)(.*)", line)
            if not m:
                continue
            note = {"set": m.group(4), "guess": "a guess" in m.group(5), "severity": m.group(1),
                    "words": line}
            if m.group(3) and int(m.group(3)) <= n:
                notes[int(m.group(3)) - 1] = note
            elif not m.group(3):
                notes = [note] * n
        found.append((strings, notes, "\n".join(lines[path])))
    return found


# The text a guess between two sets shows read in each (charset-ambiguous):
# one they read differently, never the same twice.
SHOWN = re.compile(r'about as well \("(.*)", "(.*)"\)')


def labelled(args, tmp):
    """The labelled set: per set, games read right, said a guess, read wrong
    in silence; the cases that miss their expectation."""
    cases = parse_labelled(args.labelled)
    per = {}
    missed = []
    files = []
    for case in cases:
        path = os.path.join(tmp, "%s.%s" % (case["name"], case["ext"]))
        made = [labelled_bytes(g) for g in case["games"]]
        with open(path, "wb") as f:
            f.write(b"".join(d for d, _ in made))
        files.append((path, made))
    read = read_labelled(args.jgflint, [(path, len(made)) for path, made in files], tmp + "/out")
    for case, (path, made), (strings, notes, said) in zip(cases, files, read):
        for i, (game, (data, shown)) in enumerate(zip(case["games"], made)):
            note = notes[i] or {"set": "?", "guess": False, "severity": "", "words": ""}
            lost = [v for v, exact in labelled_values(game, shown)
                    if not any(v == s if exact else v in s for s in strings)]
            right = not lost
            row = per.setdefault(game["sets"][0], [0, 0, 0, 0])
            row[0] += right
            row[1] += 1
            row[2] += note["guess"]
            row[3] += not right and not note["guess"]
            why = None
            if game["must"] == "?" and not (note["guess"] and note["severity"] == "warning"
                                            and "--encoding" in note["words"]):
                why = "not said to be a guess in a warning naming --encoding"
            elif game["must"] == "?" and not right and not any(
                    "--encoding %s " % name in note["words"] for name in game["sets"]):
                why = "its warning names no --encoding that reads it right (%s)" % "|".join(game["sets"])
            elif game["must"] == "!" and note["guess"]:
                why = "said to be a guess"
            if not right and not (game["must"] == "" and note["guess"]) and game["must"] != "?":
                why = "read as %s: %s not read" % (note["set"], ", ".join(lost))
            shown_twice = SHOWN.search(note["words"])
            if shown_twice and shown_twice.group(1) == shown_twice.group(2):
                why = "its note shows one text as both readings (%s)" % shown_twice.group(0)
            if why:
                missed.append("%s game %d (%s): %s" % (case["name"], i + 1, game["codec"], why))
                if args.show:
                    missed.append("  " + "\n  ".join(said.splitlines()))
    print("%-11s %s" % ("set", "games right, said to be a guess, read wrong in silence (labelled)"))
    for codec, (right, total, guess, silent) in sorted(per.items()):
        print("%-11s %3d/%-3d %5.1f%%  guess %d  silently wrong %d" % (
            codec, right, total, 100 * right / total, guess, silent))
    for line in missed:
        print("MISSED " + line if not line.startswith("  ") else line)
    print("%d cases, %d games: %d missed their expectation" % (
        len(cases), sum(p[1] for p in per.values()), sum(not m.startswith("  ") for m in missed)))
    return 1 if args.min is not None and missed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jgflint", default=os.environ.get("JGFLINT", "./jgflint"))
    ap.add_argument("--per", type=int, default=40, help="records per language, set and size")
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--min", type=float, default=None)
    ap.add_argument("--keep", help="write the records into this directory (to try other detectors)")
    ap.add_argument("--ca", help="declare this set in every record (CA[ISO-8859-1], which programs "
                    "write whatever the text is): what the bytes are must still be read")
    ap.add_argument("--sizes", default=",".join(SIZES),
                    help="the sizes of record, of " + ", ".join(ALL_SIZES))
    ap.add_argument("--langs", help="only these languages (" + ", ".join(VOCAB) + ")")
    ap.add_argument("--show", action="store_true",
                    help="print each record read in a wrong set in silence, and what it was taken for")
    ap.add_argument("--labelled", nargs="?", const=LABELLED,
                    help="the labelled set (default testdata/charsets/labelled.txt): per set, its "
                    "games read right, said to be a guess, read wrong in silence")
    ap.add_argument("--collections", action="store_true",
                    help="files of two or three games without CA, each game's set measured")
    args = ap.parse_args()
    sizes = args.sizes.split(",")
    if any(size not in ALL_SIZES for size in sizes):
        ap.error("--sizes: of " + ", ".join(ALL_SIZES))
    rng = random.Random(args.seed)
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.keep or scratch
        os.makedirs(tmp, exist_ok=True)
        if args.labelled:
            return labelled(args, tmp)
        if args.collections:
            return collections(args, rng, tmp)
        print("%-6s %-10s %-9s %s" % ("lang", "set", "size", "right (taken for otherwise)"))
        for lang, vocab in VOCAB.items():
            if args.langs and lang not in args.langs.split(","):
                continue
            for codec in vocab["sets"]:
                for size in sizes:
                    right, wrong, weak, silent = 0, {}, 0, 0
                    made = []
                    for i in range(args.per):
                        text = record(rng, vocab, size, args.ca)
                        try:
                            data = encoded(text, codec, rng)
                        except UnicodeEncodeError:
                            continue
                        if max(data) < 0x80:
                            continue   # ASCII: nothing to detect
                        path = os.path.join(tmp, "%s-%s-%s-%d.sgf" % (lang, codec, size, i))
                        with open(path, "wb") as f:
                            f.write(data)
                        made.append((path, text, data))
                    paths = [path for path, _, _ in made]
                    for (path, text, data), (got, guess) in zip(made, detected(args.jgflint, paths, tmp + "/out")):
                        weak += guess
                        if got == EXPECTED[codec] or reads_alike(got, data, text):
                            right += 1
                        else:
                            wrong[got] = wrong.get(got, 0) + 1
                            silent += not guess
                            if args.show and not guess:
                                print("# %s: %s taken for %s" % (os.path.basename(path), codec, got))
                    total = right + sum(wrong.values())
                    share = right / total if total else 1.0
                    others = ", ".join("%s %d" % kv for kv in sorted(wrong.items()))
                    if weak:
                        others += "%s(%d said to be a guess)" % (others and " " or "", weak)
                    if silent:
                        others += " SILENTLY WRONG %d" % silent
                    print("%-6s %-10s %-9s %3d/%-3d %5.1f%%  %s" % (lang, codec, size, right, total,
                                                                100 * share, others))
                    if args.min is not None and size not in ("names", "one") and \
                            (share < vocab.get("min", args.min) or silent):
                        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
