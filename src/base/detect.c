/* detect: a character set chosen by what the text reads as in each.
 *
 * Each candidate decodes the bytes character by character (charset.h's
 * reader: iconv, or in the page the browser's decoders; one character at
 * a time, after the candidate's own byte structure says how
 * long it is), and each character beyond ASCII scores:
 *   -10  a byte sequence the set cannot decode, a C1 control, private use
 *    -1  an extension area (GBK's and UHC's, Big5's HKSCS, JIS level 2),
 *        halfwidth katakana, kana outside Japanese, rare ideographs
 *    +1  the first level of the set's ideographs or syllables (GB2312's
 *        3,755 hanzi, Big5's 5,401, JIS's 2,965 kanji) and the set's
 *        punctuation
 *    +2  more when the character is among the most frequent of its
 *        language's everyday text (the lists below, a few hundred each,
 *        Go's own words among them); kana always in Japanese
 *        (KS X 1001's hanja 0, +2 among Korean's names' and titles')
 *    -1  less for a hangul syllable not among the frequent ones (0 for
 *        one of KS X 1001's 2,350, where a frequent one scores 3): what
 *        GB2312's hanzi read as in EUC-KR (柯洁 온썅, 辜梓豪 뭡料봉),
 *        where Korean's text and names are of frequent syllables
 * ISO-8859-1 scores +2 for an accented letter beside an ASCII letter
 * ("Lévêque"), +3 for a symbol where text has it (6½, © 2003, 30°), -1
 * for another symbol or for two high characters in a row (which is what a
 * double-byte text looks like in it); in 0x80-0x9F, where it has
 * C1 controls, it is read as Windows-1252 (quotes and dashes beside ASCII
 * text +1, the five bytes Windows-1252 leaves undefined -10), and named so
 * when chosen.
 * Windows-1251 and KOI8-R read each byte as a character (cyr_total): words
 * of small letters after a capital, or of capitals, score for them, which
 * tells the two apart (each has the other's cases) and both from
 * double-byte text, whose bytes read as letters of any case among symbols
 * (KOI8-U too, whose і ї є ґ are KOI8-R's box drawing); a text of one
 * case, which the other reads in the other case, scores by how frequent
 * its letters are. EUC-KR's hanja score as its hangul do: names and
 * titles are written in them alone.
 * The Central European, Turkish and Baltic sets, and the Greek, Hebrew,
 * Arabic and Thai ones, are scored by detect_sb.c.
 * The highest total wins; ties go to the first in `candidates` (of two
 * sets of Latin letters, to the one that reads the words as more one
 * community's: latin_tie_won), but for ISO-8859-1 within WEAK_MARGIN of
 * two sets tied that read the text otherwise (a guess: the default's);
 * ISO-8859-1 stands against the other sets of Latin letters unless one
 * scores LATIN_DEFAULT more or its words say it (sb_latin_words_say).
 * The runner-up named is the best of the sets that read the bytes
 * otherwise; one close behind makes the choice a guess. */
#include "base/detect.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/ascii.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/detect_sample.h"
#include "base/detect_sb.h"
#include "base/jstring.h"

enum lang { LATIN, CYRILLIC, JA, KO, ZH_S, ZH_T, NLANGS, GREEK, HEBREW, ARABIC, THAI };

/* Frequent characters of everyday text (and of Go records) per language. */
static const char zh_s_text[] =
	"的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过"
	"家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所"
	"本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全"
	"工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教"
	"西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性"
	"通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲"
	"界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认"
	"算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红"
	"治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写"
	"呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首"
	"单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格"
	"尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域胜负棋围盘赛冠杯届决赛职业余手谱评"
	"陈刘杨赵吴孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶"
	"阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎";

static const char zh_t_text[] =
	"的一是不了人我在有他這中大來上國個到說們為子和你地出道也時年得就那要下以生會自著去之過"
	"家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看文無開手十用主行方又如前所"
	"本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理美點月明其種聲全"
	"工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東政海口使教"
	"西再平真聽世氣信北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比住員九笑性"
	"通目華報立馬命張活難神數件安表原車白應路期叫死常提感金何更反合放做系計或司利受光王果親"
	"界及今京務制解各任至清物台象記邊共風戰干接它許八特覺望直服毛林題建南度統色字請交愛讓認"
	"算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快條院變聯言權往展該領傳近留紅"
	"治決周保達辦運武半候七必城父強步完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫"
	"呢識極令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改議形委早房音火際則首"
	"單據導影失拿網香似斯專石若兵弟誰校讀志飛觀爭究包組造落視濟喜離雖坐集編寶談府拉黑且隨格"
	"盡劍講布殺微怕母調局根曾準團段終樂切級克精哪官示冷域勝負棋圍盤賽冠杯屆職業餘譜評臺灣"
	"陳劉楊趙吳孫胡朱高林何郭馬羅梁宋鄭謝韓唐馮於董蕭程曹袁鄧許傅沈曾彭呂蘇盧蔣蔡賈丁魏薛葉";

static const char ja_text[] =
	"日一国会人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業"
	"内相方四定今回新場金員九入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理"
	"調体化田当八六約主題下首意法不来作性的要用制治度務強気小七成期公持野協取都和統以機平総"
	"加山思家話世受区領多県続進正安設保改数記院女初北午指権心界支第産結百派点教報済書府活原"
	"先共得解名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在件団別物"
	"側任引使求所次水半品昨論計死官増係感特情投示変打男基私各始島直両朝革価式確村提運終挙果"
	"西勢減台広容必応演電歳住争談能無再位置企真流格有疑口過局少放税検藤町常校料沢裁状工建語"
	"球営空職証土与急止送援供可役構木割聞身費付施切由説転食比難防補車優夫研収断井何南石足違"
	"消境神番規術護展態導鮮備宅害配副算視条幹独警宮究育席輸訪楽起万着乗店述残想線率病農州武"
	"声質念待試族象銀域助労例衛然早張映限親額監環験追審商葉義伝働形景落欧担好退準賞訴辺造英"
	"被株頭技低毎医復仕去姿味負閣韓渡失移差衆個門写評課末守若脳極種美岡影命含福蔵量望松非撃"
	"佐核観察整段横融型白深字答夜製票況音申様財港識注呼渉達良響阪帰針専推囲碁棋局黒級押譜図"
	"佐藤鈴木高橋田中伊渡辺山本村小林吉斎清水崎森池阿部石川下島井前岡長谷後近遠青坂斉福太西"
	"金子原野松竹和柴酒工横宮内安谷大丸今河杉増平塚千葉久保岩桜口尾菊菅市浜";

static const char ko_text[] =
	"이다는의에하고가을를지서로한기사대자리수인정시아도나으어과게라해그일적있부제전국들보성상"
	"니구주만장원것면조생중동문여소관모되경비연우신방내스개했오미무간화였위공마요후음학영실물"
	"선말세회분유계당발단없같때산본김민금명진입용반재식결불치저최안점드권외강통업행터히및난심"
	"초질감작교매차야속크함할살배처표노현운양별월년박습려역호녀두곳날듯씨알잘좀집흑백승패바둑"
	"제기배결국대회전왕명인천원강배씨국수왕위패위쟁탈좌상우하귀변중앙실착패착수순정석포석"
	"김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지"
	"엄변채원천방공현함염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국준영훈혜은희경"
	/* the syllables of given names (이세돌, 박정환, 신진서, 조훈현) */
	"돌환훈혁석윤철희숙순태섭규근래령룡범병봉빈삼애열예완욱웅율응익종창채청춘충택헌형홍활황효휘흠"
	"빈솔슬아람별누리나래보람다솜한결가을겨울봄여름하늘바다세진서준우현지민수빈예린시윤하은"
	/* Go's words and the words around them (불계승, 반집, 덤, 끊다, 축) */
	"계덤돌끊붙잇막젖뻗축빵때림활죽귀변앙포행끝내형세두텁엷악묘맥침입삭격비타해설참고도화"
	"판단급프로아마예선본선준승리그컵호선치석국기원님께서들었습니다었다였다한다된다이다"
	/* hanja, which names and titles are written in alone (李昌鎬, 國手戰):
	 * the surnames, the syllables of given names, Go's titles and words */
	"金李朴崔鄭姜趙尹張林韓吳徐申權黃安宋柳全洪高文梁孫裵白許劉南沈盧丁河郭成車朱禹具閔兪羅"
	"陳池嚴蔡元千方孔玄咸卞廉楊邊呂秋魯都蘇愼石宣薛馬吉周延房魏表明奇潘王琴玉陸印孟諸卓秦曺"
	"英永榮俊準浩鎬昊錫碩星東鉉賢炫秀洙壽珍鎭眞貞正廷政在載哲喆昌敏民旻容勇泰台煥桓薰勳熏赫"
	"基起淑順美姬熙喜仁智志宇雨祐佑源大相尙承勝昇世奎圭允潤一日重中宗鍾根植善仙恩銀惠慧武"
	"雄光國斗萬忠龍鎔學漢瀚海弘和華孝厚輝乭石範秉炳奉彬三愛烈禮完旭雄律應益鍾昶采淸春忠澤憲"
	"手戰名人棋聖王位天元最覇杯局決挑對黑勝敗院碁圍段級期回第";

struct lang_set {
	uint32_t *cps;
	size_t len;
};

static struct lang_set sets[NLANGS];
static pthread_once_t sets_once = PTHREAD_ONCE_INIT;

static int cp_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void set_build(struct lang_set *set, const char *text)
{
	size_t n = strlen(text), cap = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		i += utf8_next(text + i, n - i, &cp);
		set->cps = xgrow(set->cps, &cap, set->len + 1, sizeof *set->cps);
		set->cps[set->len++] = cp;
	}
	sort_items(set->cps, set->len, sizeof *set->cps, cp_cmp);
}

static void sets_init(void)
{
	set_build(&sets[ZH_S], zh_s_text);
	set_build(&sets[ZH_T], zh_t_text);
	set_build(&sets[JA], ja_text);
	set_build(&sets[KO], ko_text);
}

static bool cjk(enum lang lang) { return lang >= JA && lang <= ZH_T; }

static bool frequent(enum lang lang, uint32_t cp)
{
	const struct lang_set *set = &sets[lang];
	return set->len && bsearch(&cp, set->cps, set->len, sizeof cp, cp_cmp) != NULL;
}

/* The candidates, in the order that breaks ties. ISO-8859-1 first: with no
 * evidence for any other, SGF's default stands. */
static const struct candidate {
	const char *name, *label;
	enum lang lang;
	/* the set beside it that reads most texts alike, and the label of
	 * both when it reads this one so */
	const char *twin, *both;
} candidates[] = {
	{ "ISO-8859-1", "ISO-8859-1", LATIN, NULL, NULL },
	{ "CP1251", "Windows-1251", CYRILLIC, NULL, NULL },
	{ "KOI8-R", "KOI8-R", CYRILLIC, NULL, NULL },
	{ "GB18030", "GB2312/GBK (GB18030)", ZH_S, NULL, NULL },
	{ "CP949", "EUC-KR (CP949)", KO, NULL, NULL },
	{ "CP932", "Shift_JIS (CP932)", JA, NULL, NULL },
	{ "BIG5-HKSCS", "Big5", ZH_T, NULL, NULL },
	{ "EUC-JP", "EUC-JP", JA, NULL, NULL },
	{ "KOI8-U", "KOI8-U", CYRILLIC, NULL, NULL },
	{ "CP866", "CP866 (DOS)", CYRILLIC, NULL, NULL },
	{ "ISO-8859-5", "ISO-8859-5", CYRILLIC, NULL, NULL },
	{ "CP1250", "Windows-1250", LATIN, "ISO-8859-2", "Windows-1250 or ISO-8859-2" },
	{ "ISO-8859-2", "ISO-8859-2", LATIN, "CP1250", "ISO-8859-2 or Windows-1250" },
	{ "CP1254", "Windows-1254", LATIN, "ISO-8859-9", "Windows-1254 or ISO-8859-9" },
	{ "ISO-8859-9", "ISO-8859-9", LATIN, "CP1254", "ISO-8859-9 or Windows-1254" },
	{ "CP1257", "Windows-1257", LATIN, NULL, NULL },
	{ "CP1253", "Windows-1253", GREEK, "ISO-8859-7", "Windows-1253 or ISO-8859-7" },
	{ "ISO-8859-7", "ISO-8859-7", GREEK, "CP1253", "ISO-8859-7 or Windows-1253" },
	{ "CP1255", "Windows-1255", HEBREW, NULL, NULL },
	{ "CP1256", "Windows-1256", ARABIC, NULL, NULL },
	{ "CP874", "TIS-620 (CP874)", THAI, NULL, NULL },
};
#define NCANDIDATES (sizeof candidates / sizeof *candidates)

/* What area of its set a character's bytes lie in. */
enum area { AREA_COMMON, AREA_SYMBOL, AREA_OTHER, AREA_RARE };

static enum area area_of(const char *name, const unsigned char *s, size_t k)
{
	unsigned a = s[0], b = k > 1 ? s[1] : 0;
	if (!strcmp(name, "CP932")) {
		if (k == 1)
			return AREA_RARE;   /* halfwidth katakana */
		if (a >= 0x81 && a <= 0x84)
			return AREA_SYMBOL;
		if ((a >= 0x88 && a < 0x98) || (a == 0x98 && b <= 0x72))
			return AREA_COMMON;
		if (a >= 0x98 && a <= 0xEA)
			return AREA_OTHER;
		return AREA_RARE;   /* NEC and IBM extensions, user-defined */
	}
	if (!strcmp(name, "EUC-JP")) {
		if (k != 2 || a == 0x8E)
			return AREA_RARE;   /* JIS X 0212, halfwidth katakana */
		if (a >= 0xA1 && a <= 0xA5)
			return AREA_SYMBOL;
		if (a >= 0xB0 && a <= 0xCF)
			return AREA_COMMON;
		if (a >= 0xD0 && a <= 0xF4)
			return AREA_OTHER;
		return AREA_RARE;
	}
	if (!strcmp(name, "CP949")) {
		if (b < 0xA1)
			return AREA_RARE;   /* UHC's extension */
		if (a >= 0xB0 && a <= 0xC8)
			return AREA_COMMON;
		if (a >= 0xA1 && a <= 0xAF)
			return a == 0xA4 ? AREA_OTHER : AREA_SYMBOL;   /* jamo */
		if (a >= 0xCA && a <= 0xFD)
			return AREA_OTHER;   /* KS X 1001's 4,888 hanja, names' and titles' */
		return AREA_RARE;   /* user-defined */
	}
	if (!strcmp(name, "GB18030")) {
		if (k != 2 || a < 0xA1 || b < 0xA1)
			return AREA_RARE;   /* GBK's extension, four-byte forms */
		if (a >= 0xB0 && a <= 0xD7)
			return AREA_COMMON;
		if (a >= 0xD8 && a <= 0xF7)
			return AREA_OTHER;
		if (a >= 0xA1 && a <= 0xA9)
			return AREA_SYMBOL;
		return AREA_RARE;
	}
	if (!strcmp(name, "BIG5-HKSCS")) {
		if (a >= 0xA4 && a <= 0xC6)
			return AREA_COMMON;
		if (a >= 0xA1 && a <= 0xA3)
			return AREA_SYMBOL;
		if (a >= 0xC9 && a <= 0xF9)
			return AREA_OTHER;
		return AREA_RARE;   /* HKSCS, ETEN's additions */
	}
	return AREA_OTHER;
}

static bool kana(uint32_t cp) { return cp >= 0x3041 && cp <= 0x30FF; }

/* The score of one character cp of a CJK candidate, from bytes s (k long). */
static long cjk_score(const struct candidate *c, uint32_t cp, const unsigned char *s, size_t k)
{
	if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000 ||
	    cp == 0xFFFD)
		return -10;
	enum area area = area_of(c->name, s, k);
	long score = area == AREA_COMMON ? 1 : area == AREA_RARE ? -1 : 0;
	if (kana(cp))
		return c->lang == JA ? 3 : -1;
	if (cp >= 0xFF61 && cp <= 0xFF9F)
		return -1;   /* halfwidth katakana */
	if (cp >= 0xAC00 && cp <= 0xD7A3)   /* hangul syllables */
		return frequent(KO, cp) ? score + 2 : score - 1;
	if (cp >= 0x4E00 && cp <= 0x9FFF)   /* Korean's hanja are traditional Chinese's */
		return score + (frequent(c->lang, cp) ? 2 : 0);
	if (cp >= 0x3000 && cp <= 0x303F)
		return 1;   /* CJK punctuation: 、。「」 */
	if (cp >= 0xFF01 && cp <= 0xFF5E)
		return 1;   /* fullwidth ASCII: ，！（ */
	if (cp >= 0x2000 && cp <= 0x2BFF)
		return 0;   /* ○ ● △ ※ ★: stones and marks in comments */
	return area == AREA_SYMBOL ? 0 : -1;   /* Greek, Cyrillic, jamo, extension A... */
}

static bool ascii_letter(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Cyrillic letters: Russian's, Ukrainian's (Є І Ї Ґ) and Bulgarian's are
 * the common ones; Serbian's, Macedonian's and Belarusian's own (Ђ Љ Ў ...)
 * the rare. */
enum cyr { CYR_NONE, CYR_UPPER, CYR_LOWER };

static enum cyr cyr_case(uint32_t cp)
{
	if ((cp >= 0x0400 && cp <= 0x042F) || cp == 0x0490)
		return CYR_UPPER;
	if ((cp >= 0x0430 && cp <= 0x045F) || cp == 0x0491)
		return CYR_LOWER;
	return CYR_NONE;
}

/* A Cyrillic capital's small letter (any other character as it is). */
static uint32_t cyr_lower(uint32_t cp)
{
	if (cp >= 0x0400 && cp <= 0x040F)
		return cp + 0x50;
	if (cp >= 0x0410 && cp <= 0x042F)
		return cp + 0x20;
	return cp == 0x0490 ? 0x0491 : cp;
}

static bool cyr_common(uint32_t cp)
{
	return (cp >= 0x0410 && cp <= 0x044F) || cp == 0x0401 || cp == 0x0451 || cp == 0x0404 ||
	       cp == 0x0454 || cp == 0x0406 || cp == 0x0456 || cp == 0x0407 || cp == 0x0457 ||
	       cp == 0x0490 || cp == 0x0491;
}

/* Ъ Ы Ь: no word starts with them. */
static bool cyr_no_start(uint32_t cp)
{
	return (cp >= 0x042A && cp <= 0x042C) || (cp >= 0x044A && cp <= 0x044C);
}

/* What Cyrillic text has beside its letters but letters: quotes, dashes,
 * the ellipsis, №, a no-break space (and the apostrophe of Ukrainian's
 * м’ясо between two). The other symbols of these sets (KOI8-R's box
 * drawing, ©, °, ·, †, ™) touch no letter in text; what stands beside
 * letters there is double-byte text read in them. */
static bool cyr_text_punctuation(uint32_t cp)
{
	return cp == 0x00A0 || cp == 0x00AB || cp == 0x00BB || cp == 0x2116 || cp == 0x2026 ||
	       (cp >= 0x2013 && cp <= 0x2014) || (cp >= 0x2018 && cp <= 0x201E);
}

static bool cyr_vowel(uint32_t cp)
{
	static const uint32_t vowels[] = {
		0x0430, 0x0435, 0x0438, 0x043E, 0x0443, 0x044A, 0x044B, 0x044D, 0x044E, 0x044F,
		0x0451, 0x0454, 0x0456, 0x0457,
	};
	cp = cyr_lower(cp);
	for (size_t i = 0; i < sizeof vowels / sizeof *vowels; i++)
		if (cp == vowels[i])
			return true;
	return false;
}

/* A word of Cyrillic letters that ended: one of three letters or more
 * without a vowel (ъ is Bulgarian's), or one of five or more with fewer
 * than one in five, is no word. */
static long cyr_word_end(size_t *letters, size_t *vowels)
{
	long score = *letters >= 3 && !*vowels ? -2 * (long)*letters :
		     *letters >= 5 && *vowels * 5 < *letters ? -4 : 0;
	*letters = *vowels = 0;
	return score;
}


/* How often Russian, Ukrainian and Bulgarian text has a small letter: 4
 * for the ten most frequent (о е а и н т с р в л, two thirds of the
 * letters of text), 3 for the next (к м д п у і), 2 for я ы ь, 1 for the
 * rest of the common ones, 0 for the rarest (ц щ э ф ё ґ). */
static int cyr_rank(uint32_t cp)
{
	static const struct { uint32_t cp; int rank; } ranked[] = {
		{ 0x043E, 4 }, { 0x0435, 4 }, { 0x0430, 4 }, { 0x0438, 4 }, { 0x043D, 4 },
		{ 0x0442, 4 }, { 0x0441, 4 }, { 0x0440, 4 }, { 0x0432, 4 }, { 0x043B, 4 },
		{ 0x043A, 3 }, { 0x043C, 3 }, { 0x0434, 3 }, { 0x043F, 3 }, { 0x0443, 3 },
		{ 0x0456, 3 }, { 0x044F, 2 }, { 0x044B, 2 }, { 0x044C, 2 },
		{ 0x0446, 0 }, { 0x0449, 0 }, { 0x044D, 0 }, { 0x0444, 0 }, { 0x0451, 0 },
		{ 0x0491, 0 },
	};
	for (size_t i = 0; i < sizeof ranked / sizeof *ranked; i++)
		if (cp == ranked[i].cp)
			return ranked[i].rank;
	return 1;
}

/* The most frequent letters of text (a small letter after a word's first
 * scores 2 for one, 1 for another). */
static bool cyr_frequent(uint32_t cp) { return cyr_rank(cp) >= 3; }

/* A letter's weight in text of one case (cyr_one_case), whatever its case:
 * a reading of another set's letters, which has as many of each, scores
 * some 0.6 a letter, Russian text 1.5. */
static long cyr_weight(uint32_t cp)
{
	static const long weight[] = { -1, 0, 1, 1, 2 };
	return weight[cyr_rank(cyr_lower(cp))];
}

/* Windows-1251 and KOI8-R (and KOI8-U) read each other's capitals as small
 * letters and each other's small letters as capitals. */
static bool cyr_swaps_case(const char *name)
{
	return !strcmp(name, "CP1251") || !strcmp(name, "KOI8-R") || !strcmp(name, "KOI8-U");
}

/* Whether the text read in table t has Cyrillic letters of one case only:
 * a name or a heading in capitals, which the set that swaps the cases
 * reads as small letters only. Case says nothing between the two
 * readings then: their letters are weighed alike, whatever their case (+1
 * for a frequent one after a word's first), and the reading of more
 * frequent letters wins. */
static bool cyr_one_case(const uint32_t *t, const unsigned char *s, size_t len)
{
	bool upper = false, lower = false;
	for (size_t i = ascii_span(s, len); i < len; i += 1 + ascii_span(s + i + 1, len - i - 1)) {
		if (t[s[i] - 0x80] == 0xFFFFFFFFu)
			continue;
		enum cyr cs = cyr_case(t[s[i] - 0x80]);
		upper |= cs == CYR_UPPER, lower |= cs == CYR_LOWER;
	}
	return upper != lower;
}

/* A single-byte Cyrillic set (Windows-1251, KOI8-R, CP866...): each byte beyond
 * ASCII read as a character, scored by what it stands beside. A word's
 * letters after its first are lower-case (+1, +2 when among the most
 * frequent), or all capitals (0; in a text of one case, cyr_one_case, a
 * letter scores cyr_weight whatever its case); a capital after a small letter inside a
 * word is what the other set's text looks like here (Windows-1251 and
 * KOI8-R swap the cases), and what double-byte text looks like (-4). A
 * word starts with any letter but Ъ Ы Ь (+1); a Cyrillic letter right
 * after a Latin one is an accented Latin letter read so (-2); a rare
 * letter -1; a quote or dash between two letters -2; any other symbol -1,
 * -4 beside a letter; a byte the set leaves undefined -10. */
static long cyr_total(const struct candidate *c, const unsigned char *s, size_t len, size_t *chars)
{
	const uint32_t *t = sb_table(c->name);   /* charset.h's reader, byte by byte */
	if (!t)
		return CHARSET_NOT_IT;
	long score = 0;
	enum cyr prev = CYR_NONE;   /* of the character before */
	bool prev_latin = false;
	size_t letters = 0, vowels = 0;   /* of the word so far */
	bool one_case = cyr_swaps_case(c->name) && cyr_one_case(t, s, len);
	for (size_t i = 0; i < len; i++) {
		if (s[i] < 0x80) {   /* a run of ASCII ends the word: its last byte is "before" */
			score += cyr_word_end(&letters, &vowels);
			i += ascii_span(s + i, len - i) - 1;
			prev = CYR_NONE;
			prev_latin = ascii_letter(s[i]);
			continue;
		}
		++*chars;
		uint32_t cp;
		if ((cp = t[s[i] - 0x80]) == 0xFFFFFFFFu || (cp >= 0x80 && cp <= 0x9F)) {
			score -= 10 - cyr_word_end(&letters, &vowels);
			prev = CYR_NONE, prev_latin = false;
			continue;
		}
		enum cyr cs = cyr_case(cp);
		if (cs != CYR_NONE)
			letters++, vowels += cyr_vowel(cp);
		if (cs == CYR_NONE) {
			score += cyr_word_end(&letters, &vowels);
			bool next_letter = i + 1 < len && s[i + 1] >= 0x80 &&
					   cyr_case(t[s[i + 1] - 0x80]) != CYR_NONE;
			bool touches = prev != CYR_NONE || next_letter;
			if (cyr_text_punctuation(cp))
				score -= cp != 0x2019 && prev != CYR_NONE && next_letter ? 2 : 0;
			else
				score -= touches ? 4 : 1;
		} else if (!cyr_common(cp)) {
			score -= 1;
		} else if (prev_latin) {
			score -= 2;
		} else if (prev == CYR_NONE) {
			score += cyr_no_start(cp) ? -2 : 1;
		} else if (one_case) {
			score += cyr_weight(cp);
		} else if (cs == CYR_LOWER) {
			score += cyr_frequent(cp) ? 2 : 1;
		} else if (prev == CYR_LOWER) {
			score -= 4;
		}
		prev = cs, prev_latin = false;
	}
	score += cyr_word_end(&letters, &vowels);
	return score;
}

bool charset_value_ends(const char *text, size_t i, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	while (i < len && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')))
		i++;
	if (i == len || s[i] == ';' || s[i] == '(' || s[i] == ')' || s[i] == '[')
		return true;
	/* A property as the reader takes one: letters of either case (FF[3]'s
	 * PlayerWhite is PW), blanks, its `[` */
	size_t id = i;
	while (i < len && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
		i++;
	if (i == id)
		return false;
	while (i < len && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')))
		i++;
	return i < len && s[i] == '[';
}

/* A character whose trail byte is a `]` that ends a value (structure
 * follows it): read in this set, the value would run on into the next
 * property (PB[\xe8\x82?\xe8\x83\x86]PW[...] in GB18030, a name cut inside
 * a UTF-8 character in Big5), so the set is not the record's. Detection
 * never moves where a value ends. */
static bool swallows_value_end(const unsigned char *s, size_t i, size_t k, size_t len)
{
	for (size_t j = 1; j < k && i + j < len; j++)
		if (s[i + j] == ']' && charset_value_ends((const char *)s, i + j + 1, len))
			return true;
	return false;
}

/* Whether the byte at i (beyond ASCII) lies in a Latin word: a run of
 * ASCII letters and bytes beyond ASCII that begins and ends with an ASCII
 * letter, each of its bytes beyond ASCII alone between two letters
 * (`s\xa4h\xa4n`, `L\xe9v\xeaque`), as a single-byte set's text holds its
 * letters and symbols beyond ASCII. A double-byte set reads such a word as
 * an ASCII letter glued to characters whose trail bytes are the word's
 * letters (Big5's s士孓): Chinese, Japanese or Korean text is no such
 * run (a name begins after its `[` or a blank, its characters side by
 * side). The word found is kept in *a, *z ([a, z), its answer in *latin)
 * so that each is walked once. */
static bool in_latin_word(const unsigned char *s, size_t len, size_t i, size_t *a, size_t *z,
			  bool *latin)
{
	if (i >= *a && i < *z)
		return *latin;
	size_t b = i, e = i;
	while (b > 0 && (s[b - 1] >= 0x80 || ascii_letter(s[b - 1])))
		b--;
	while (e < len && (s[e] >= 0x80 || ascii_letter(s[e])))
		e++;
	bool ok = ascii_letter(s[b]) && ascii_letter(s[e - 1]);
	for (size_t j = b + 1; ok && j < e; j++)
		ok = !(s[j] >= 0x80 && s[j - 1] >= 0x80);
	*a = b, *z = e, *latin = ok;
	return ok;
}

/* Whether every character beyond ASCII of the len bytes at s, read in the
 * double-byte set name, lies in a Latin word (in_latin_word): the text is
 * then a Latin one's letters or symbols (s¤h¤n, Big5's s士孓) as well as
 * a name of Latin letters and characters (LG杯, Samsung杯, NHK杯,
 * AlphaGoアイ, whose trail bytes are letters): the bytes say which only
 * by the words' first letters (REVIEW.md R117; latin_text). */
static bool only_in_latin_words(const char *name, const unsigned char *s, size_t len, bool *small)
{
	size_t word_a = 0, word_z = 0;   /* the last word in_latin_word walked */
	bool latin = false, any = false;
	for (size_t i = 0; i < len;) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		size_t k = charset_char_len(name, (const char *)s + i, len - i);
		if (k != 2 || !in_latin_word(s, len, i, &word_a, &word_z, &latin))
			return false;
		if (small)   /* the word's first letter */
			*small &= s[word_a] >= 'a' && s[word_a] <= 'z';
		any = true;
		i += k;
	}
	return any;
}

static long cjk_total(const struct candidate *c, const unsigned char *s, size_t len, size_t *chars)
{
	struct charset_reader *rd = charset_reader_open(c->name);
	if (!rd)
		return CHARSET_NOT_IT;
	long score = 0;
	for (size_t i = ascii_span(s, len); i < len; i += ascii_span(s + i, len - i)) {
		size_t k = charset_char_len(c->name, (const char *)s + i, len - i);
		if (swallows_value_end(s, i, k, len)) {
			charset_reader_close(rd);
			return CHARSET_NOT_IT;
		}
		++*chars;
		bool single = k == 1 && !(!strcmp(c->name, "CP932") && s[i] >= 0xA1 && s[i] <= 0xDF);
		uint32_t cp;
		if (single || !charset_reader_char(rd, (const char *)s + i, k, &cp))
			cp = 0xFFFD;
		score += cjk_score(c, cp, s + i, k);
		i += k;
	}
	charset_reader_close(rd);
	return score;
}

/* What UTF-8 reads in text that is not valid UTF-8. */
struct utf8_reading {
	size_t whole;    /* whole characters of three or four bytes */
	size_t whole2;   /* letters of two bytes: Latin, Greek, Cyrillic */
	size_t broken;   /* broken sequences (a U+FFFD each) */
	size_t clean;    /* whole ideographs, kana, hangul, CJK or general
			  * punctuation, and letters of two bytes in a word of
			  * two letters or more or standing alone between ASCII
			  * bytes, with no broken byte beside them (3段, Наталья,
			  * the initial of PW[É. Lasker], French C[à la fin];
			  * not GBK's 檀啸, U+0334 U+0425, whose Х is a word of
			  * one letter after a combining mark: a legacy set's
			  * double-byte text reads as such a letter by chance
			  * among its other bytes beyond ASCII) */
	size_t places;   /* the broken sequences, those within three bytes of
			  * the one before counted with it: a damaged character's */
};

/* Whether cp, of three bytes in UTF-8, is of text: CJK's ideographs, kana,
 * hangul, their punctuation, fullwidth forms, general punctuation. */
static bool utf8_text3(uint32_t cp)
{
	return (cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2E80 && cp <= 0x9FFF) ||
	       (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	       (cp >= 0xFF00 && cp <= 0xFFEF);
}

static void utf8_read(const unsigned char *s, size_t len, struct utf8_reading *u)
{
	*u = (struct utf8_reading){ 0 };
	bool after_broken = false, pending = false;   /* a clean character if no broken byte follows */
	bool alone = false;         /* the pending one a letter with no letter before it */
	bool framed = false;        /* the pending one after an ASCII byte (or at the start) */
	bool prev_letter = false;   /* whether the character before is a letter (ASCII too) */
	size_t broken_end = 0;   /* after the last broken sequence */
	for (size_t i = 0; i < len;) {
		unsigned c = s[i];
		if (c < 0x80) {
			size_t n = ascii_span(s + i, len - i);   /* ASCII, most of any text */
			u->clean += pending && (!alone || framed || ascii_letter(c));
			pending = after_broken = false;
			prev_letter = ascii_letter(s[i + n - 1]);
			i += n;
			continue;
		}
		size_t need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 :
			      c >= 0xF0 && c <= 0xF4 ? 3 : 0;
		size_t k = 0;
		while (k < need && i + 1 + k < len && (s[i + 1 + k] & 0xC0) == 0x80)
			k++;
		if (need && k == need && charset_valid_utf8((const char *)s + i, need + 1)) {
			u->whole += need >= 2;
			bool letter = false;
			if (need == 1) {
				uint32_t cp = (uint32_t)(c & 0x1F) << 6 | (s[i + 1] & 0x3F);
				letter = (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ||
					 (cp >= 0x386 && cp <= 0x3CE) || (cp >= 0x400 && cp <= 0x45F);
			}
			u->clean += pending && (!alone || letter);
			pending = false;
			if (need == 1) {
				u->whole2 += letter;
				pending = !after_broken && letter;
				alone = !prev_letter;
				framed = i == 0 || s[i - 1] < 0x80;
			} else if (need == 2) {
				uint32_t cp = (uint32_t)(c & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 |
					      (s[i + 2] & 0x3F);
				pending = !after_broken && utf8_text3(cp);
				alone = false;
			}
			prev_letter = letter;
			after_broken = false;
			i += need + 1;
		} else {
			u->broken++;
			u->places += !broken_end || i >= broken_end + 3;
			pending = prev_letter = false, after_broken = true;
			i += 1 + k;
			broken_end = i;
		}
	}
	u->clean += pending && (!alone || framed);
}

/* UTF-8 but for a few broken sequences (a character cut short, as a server
 * cuts a name at a byte count, PB[巧\xe8\xb1]; a stray byte), with at least
 * as many whole characters of three or four bytes as broken ones, or four
 * times as many (and six at least) letters of two bytes, Latin, Greek or
 * Cyrillic (PB[Иванов \xcfётр]: double-byte text is such letters only by
 * chance, few and among other characters): read as UTF-8,
 * the broken ones as U+FFFD (the decoder says so), not wholly in a legacy
 * set (text in one has few such characters by chance, and many broken). */
static bool utf8_but_broken(const struct utf8_reading *u)
{
	return u->whole >= u->broken || (u->whole2 >= 4 * u->broken && u->whole2 >= 6);
}

/* The values (or lines) of s that hold a byte UTF-8 cannot read, a line
 * each, into b. */
static void utf8_broken_values(const unsigned char *s, size_t len, struct buf *b)
{
	for (size_t i = 0; i < len;) {
		size_t k = s[i] < 0x80 ? 1 : utf8_sequence_length((const char *)s + i, len - i);
		if (k) {
			i += k;
			continue;
		}
		size_t a = i, z = i;
		while (a > 0 && i - a < 256 && s[a - 1] != '[' && s[a - 1] != '\n')
			a--;
		while (z < len && z - i < 256 && s[z] != ']' && s[z] != '\n')
			z++;
		buf_add(b, (const char *)s + a, z - a);
		buf_addc(b, '\n');
		i = z + (z < len);
	}
}

static long candidate_total(const struct candidate *c, const unsigned char *s, size_t len,
			    size_t *chars, struct sb_latin1 *latin1);

/* UTF-8 with a name damaged, its other characters of text whole with no
 * broken byte beside them: a server's PB[<two characters damaged>] beside
 * BR[3段]WR[3段], the damaged bytes more than the whole characters (four
 * broken sequences: a lead byte and its stray trail bytes a character),
 * was read as CP866 (3цо╡). Such characters are UTF-8's text (a legacy
 * set's text is valid UTF-8 by chance in a character here and there, most
 * often beside broken bytes): as many of them as places damaged, where no
 * legacy set reads a value that holds broken bytes as its text, a point
 * and a quarter a character (names and events in each set bench/charsets.py
 * writes score 1.4 to 5.5 so, such a name damaged in UTF-8 -1.1 to 2.0,
 * 95 of 100 under 0.6; a Latin-1 game's José beside a UTF-8 game's Björn,
 * a Polish game's Stanisław or a GBK game's 王星昊 beside a UTF-8 game with
 * a damaged name are their sets' text), it is UTF-8's. */
static bool utf8_but_damaged(const struct utf8_reading *u, const unsigned char *s, size_t len)
{
	if (!u->clean || u->clean < u->places)
		return false;
	struct buf values = BUF_INIT;
	utf8_broken_values(s, len, &values);
	bool damaged = true;
	const unsigned char *v = (const unsigned char *)values.data;
	for (size_t at = 0, end; at < values.len && damaged; at = end + 1) {
		end = (size_t)((const unsigned char *)memchr(v + at, '\n', values.len - at) - v);
		struct sb_latin1 latin1 = SB_LATIN1_INIT;
		for (size_t i = 0; i < NCANDIDATES && damaged; i++) {
			size_t n;
			long score = candidate_total(&candidates[i], v + at, end - at, &n, &latin1);
			damaged = 4 * score < 5 * (long)n;
		}
	}
	buf_free(&values);
	return damaged;
}

static long candidate_total(const struct candidate *c, const unsigned char *s, size_t len, size_t *chars,
			    struct sb_latin1 *latin1)
{
	*chars = 0;
	switch (c->lang) {
	case LATIN:
		return sb_latin_total(c->name, s, len, chars, latin1);
	case CYRILLIC:
		return cyr_total(c, s, len, chars);
	case GREEK:
		return sb_script_total(c->name, SB_GREEK, s, len, chars);
	case HEBREW:
		return sb_script_total(c->name, SB_HEBREW, s, len, chars);
	case ARABIC:
		return sb_script_total(c->name, SB_ARABIC, s, len, chars);
	case THAI:
		return sb_script_total(c->name, SB_THAI, s, len, chars);
	default:
		return cjk_total(c, s, len, chars);
	}
}

/* A choice whose runner-up scores this little less is a guess the note
 * says is weak: a letter's evidence, or none. */
#define WEAK_MARGIN 2
#define LATIN_DEFAULT 3
#define LATIN_SURE 6
/* A choice scoring at most THIN_SCORE, a runner-up of another language
 * less than THIN_MARGIN behind, rests on a short value's two or three
 * characters, a guess: GB2312's 丁浩 reads as EUC-JP's too, Thai's
 * กมล สุวรรณ as Windows-1256's, Hebrew's few letters as Greek's. Measured
 * by bench/charsets.py (--sizes names,header,comments,one, seeds 22 and
 * 7): 40 of the 41 records read wrong without a word were within these
 * (one value or two each; the 41st a Latin set taken for another), as
 * were 293 of the 5,728 read right and said to be detected (a value or
 * two names, now said to be a guess too). So does a lead of the unit: a
 * set reading each byte as a character sums over twice the characters of
 * a double-byte set's pairs; where those score as well one for one, it
 * only has more (GBK's 7 read as KOI8-U's 14 letters, 16 points to 10). */
#define THIN_SCORE 12
#define THIN_MARGIN 6

/* At most this much of a file is weighed: more says nothing new. */
#define DETECT_MAX CHARSET_DETECT_MAX

/* The best of the sets that read the text otherwise than candidates[bi]
 * (one that reads it alike is the same reading: seen, the bytes beyond
 * ASCII the text holds), or -1; of several tied, the first (named beside a
 * guess, of another language: ISO-8859-5's misread Big5 names Big5). */
static int runner_up(int bi, const long *scores, const bool *seen, bool named)
{
	int si = -1;
	for (size_t i = 0; i < NCANDIDATES; i++)
		if ((int)i != bi && (si < 0 || scores[i] > scores[si] ||
				     (named && scores[i] == scores[si] && candidates[i].lang !=
				      candidates[bi].lang && candidates[si].lang == candidates[bi].lang)) &&
		    !sb_same_reading(candidates[i].name, candidates[bi].name, seen))
			si = (int)i;
	return si;
}

/* Whether every byte beyond ASCII the text holds (seen) is, in ISO-8859-1,
 * a symbol, no letter (½ ° © ×): a tie of two other sets over a letter
 * (`И. Petrov` in Windows-1251, х in KOI8-R, È in ISO-8859-1) is theirs,
 * said a guess, not the default's (REVIEW.md R113). */
static bool default_reads_symbols(const bool *seen)
{
	for (int b = 0xC0; b <= 0xFF; b++)
		if (seen[b - 0x80] && b != 0xD7 && b != 0xF7)
			return false;
	return true;
}

/* Whether the double-byte set candidates[bi] reads the text as characters
 * all in Latin words (only_in_latin_words) whose first letter is small:
 * such a run is a name of Latin letters and CJK characters where it is a
 * sponsor's or a program's (LG杯, Samsung杯, AlphaGoアイ: a capital first),
 * else Latin text's (s¤h¤n, Big5's s士孓): SGF's default's, a guess. */
static bool latin_text(int bi, const unsigned char *s, size_t len)
{
	bool small = true;
	return bi != 0 && cjk(candidates[bi].lang) &&
	       only_in_latin_words(candidates[bi].name, s, len, &small) && small;
}

/* Whether candidates[i], tied with candidates[bi], both sets of Latin
 * letters but SGF's default and not twins, reads the words as more one
 * community's (sb_latin_one_reading): Windows-1257's Kärt Sõrmus and Ilze
 * Liepiņa (Estonian and Latvian) over Windows-1250's Sőrmus and Liepiňa
 * (Hungarian's and Czech's). Else the first of the tie stands. */
static bool latin_tie_won(size_t i, int bi, const unsigned char *s, size_t len)
{
	const struct candidate *a = &candidates[i], *b = &candidates[bi];
	return bi != 0 && a->lang == LATIN && b->lang == LATIN &&
	       !(b->twin && !strcmp(b->twin, a->name)) &&
	       sb_latin_one_reading(a->name, s, len) > sb_latin_one_reading(b->name, s, len);
}

/* SGF's default stands against the sets of Latin letters but for a clear
 * difference (ISO-8859-1's words are French, German, Spanish,
 * Scandinavian...: a record of several reads as several languages), or
 * where the words say which (sb_latin_words_say; *by_words, a guess). */
static int latin_default(int bi, const long *scores, const unsigned char *s, size_t len,
			 struct sb_latin1 *latin1, bool *by_words)
{
	if (candidates[bi].lang != LATIN || bi == 0 || scores[bi] - scores[0] >= LATIN_DEFAULT)
		return bi;
	*by_words = sb_latin_words_say(candidates[bi].name, s, len, latin1);
	return *by_words ? bi : 0;
}

const char *charset_detect(const char *bytes, size_t len, struct charset_guess *g)
{
	*g = (struct charset_guess){ .name = "UTF-8", .label = "UTF-8" };
	if (len > DETECT_MAX)
		len = DETECT_MAX;
	const unsigned char *s = (const unsigned char *)bytes;
	size_t high = 0;
	for (size_t i = 0; i < len; i++)
		high += s[i] >= 0x80;
	if (!high)
		return g->name;   /* ASCII */
	/* Valid UTF-8 (a cut last character aside, from the 256 KiB limit). */
	size_t valid = len;
	while (valid > 0 && len - valid < 4 && (s[valid - 1] & 0xC0) == 0x80)
		valid--;
	if (valid > 0 && s[valid - 1] >= 0xC0)
		valid--;
	if (charset_valid_utf8(bytes, len) ||
	    (len == DETECT_MAX && charset_valid_utf8(bytes, valid))) {
		g->chars = high;
		return g->name;
	}
	struct utf8_reading u8;
	utf8_read(s, len, &u8);
	if (utf8_but_broken(&u8)) {
		g->broken = u8.broken, g->chars = high;
		return g->name;
	}
	pthread_once(&sets_once, sets_init);
	if (utf8_but_damaged(&u8, s, len)) {
		g->broken = u8.broken, g->chars = high;
		return g->name;
	}
	long scores[NCANDIDATES];
	size_t chars[NCANDIDATES];
	int bi = 0;
	struct sb_latin1 latin1 = SB_LATIN1_INIT;   /* weighed once for the five Latin sets */
	for (size_t i = 0; i < NCANDIDATES; i++) {
		scores[i] = candidate_total(&candidates[i], s, len, &chars[i], &latin1);
		if (scores[i] > scores[bi] || (scores[i] == scores[bi] && latin_tie_won(i, bi, s, len)))
			bi = (int)i;
	}
	/* The runner-up: the best of the sets that read the text otherwise
	 * (one that reads it alike is the same reading, and its twin is named
	 * beside the set chosen). */
	bool seen[128] = { false };
	for (size_t i = ascii_span(s, len); i < len; i += 1 + ascii_span(s + i + 1, len - i - 1))
		seen[s[i] - 0x80] = true;
	bool by_words = false;
	bi = latin_default(bi, scores, s, len, &latin1, &by_words);
	int si = runner_up(bi, scores, seen, false);
	long best = scores[bi], second = si >= 0 ? scores[si] : 0;
	g->weak = si >= 0 && (by_words || labs(best - second) < (bi == 0 && candidates[si].lang == LATIN ? LATIN_SURE : WEAK_MARGIN));
	/* (SGF's default aside: ISO-8859-1 without a word stays so, and a set
	 * of Latin letters beside another single-byte set's runner-up is the
	 * Latin scorers' to weigh.) */
	g->thin = !g->weak && si >= 0 && bi != 0 &&
		  ((((best <= THIN_SCORE && best - second < THIN_MARGIN) ||
		     (chars[bi] > chars[si] && second > 0 &&   /* (the unit's lead) */
		      best * (long)chars[si] <= second * (long)chars[bi])) &&
		    candidates[si].lang != candidates[bi].lang &&
		    (candidates[bi].lang != LATIN || cjk(candidates[si].lang))) ||
		   best <= 0 ||   /* no set reads it as its text, or its CJK only glued to letters */
		   (cjk(candidates[bi].lang) && only_in_latin_words(candidates[bi].name, s, len, NULL)));
	/* Two sets that read the text otherwise tied at the top have nothing
	 * for either: where SGF's default reads it about as well (a symbol
	 * alone, `Ko ½, seki`, `at 20 °C`, KOI8-U's Ґ and ISO-8859-5's Н,
	 * Big5's 蚓 and ISO-8859-5's АC, a point each) and reads as a symbol
	 * there, no letter, it is the default's,
	 * the set first of the tie named beside it (REVIEW.md R91): FF[4]
	 * reads a file without CA as ISO-8859-1, and so does SGFC. (Not
	 * where no set reads it as text, best <= 0: a collection's games of
	 * several sets weighed together, each then read in its own where it
	 * scores well enough.) So is Latin text (latin_text). */
	if (((g->weak || g->thin) && bi != 0 && best > 0 && best == second &&
	     best - scores[0] <= WEAK_MARGIN && default_reads_symbols(seen)) || latin_text(bi, s, len)) {
		bi = 0, si = runner_up(bi, scores, seen, false);
		best = scores[bi], second = si >= 0 ? scores[si] : 0;
		g->weak = si >= 0, g->thin = false;
	}
	g->chars = chars[bi];
	g->name = candidates[bi].name;
	g->label = candidates[bi].label;
	if (candidates[bi].twin && sb_same_reading(candidates[bi].twin, candidates[bi].name, seen))
		g->label = candidates[bi].both;
	if (bi == 0 && memchr(seen, true, 0x20)) {   /* ISO-8859-1 with bytes 0x80-0x9F: */
		g->name = "CP1252";   /* its punctuation, not C1 controls */
		g->label = "Windows-1252";
	}
	si = runner_up(bi, scores, seen, g->weak || g->thin);
	if (g->weak || g->thin)
		g->sample_len = guess_sample(s, len, g->name, si >= 0 ? candidates[si].name : NULL,
					     g->sample, sizeof g->sample);
	g->score = best;
	g->second = si >= 0 ? candidates[si].label : NULL;
	g->second_name = si >= 0 ? candidates[si].name : NULL;
	g->second_score = second;
	g->latin1_score = scores[0];
	return g->name;
}

bool charset_detect_score(const char *bytes, size_t len, const char *name, long *score,
			  size_t *chars)
{
	if (len > DETECT_MAX)
		len = DETECT_MAX;
	for (size_t i = 0; i < NCANDIDATES; i++) {
		if (strcmp(candidates[i].name, name))
			continue;
		pthread_once(&sets_once, sets_init);
		struct sb_latin1 latin1 = SB_LATIN1_INIT;
		*score = candidate_total(&candidates[i], (const unsigned char *)bytes, len, chars,
					 &latin1);
		return true;
	}
	return false;
}

int charset_latin_words(const char *bytes, size_t len, const char *name)
{
	return sb_latin_words_of(name, (const unsigned char *)bytes,
				 len > DETECT_MAX ? DETECT_MAX : len);
}
