"""The `language:` values the importer maps to a language: one table, and its lookup.

How a value is mapped (Test Inputs Management, codeunit 130458,
``TestInputsManagement.Codeunit.al`` lines 230-235, procedure ``ReadMetadataFromFile``)::

    if MetadataJsonObject.Get(LanguageTok, MetadataJsonToken) then
        if MetadataJsonToken.IsValue() then begin
            WindowsLanguage.SetRange("Language Tag", MetadataJsonToken.AsValue().AsText());
            if WindowsLanguage.FindFirst() then
                LanguageID := WindowsLanguage."Language ID";
        end;

The value's text is looked up in the ``Language Tag`` column of the platform's virtual
table ``Windows Language`` (2000000045); a value found nowhere leaves ``LanguageID`` at 0,
without an error, and the group is imported as a language-less dataset (``CreateTestInputGroup``
line 259: ``if LanguageID <> 0``). The suite XML's ``<Language Tag=...>`` goes through the
same lookup but fails loudly (AIT Test Suite Language, codeunit 149046,
``AITTestSuiteLanguage.Codeunit.al`` lines 60-67, ``LanguageNotFoundErr``).

``Windows Language`` is filled by the platform, not by BCApps: it lists the languages
Windows identifies by a language code identifier (LCID), keyed by ``Language ID``. So the
table below is Windows' list of language tags that have an LCID (Microsoft's open
specification [MS-LCID], "Windows Language Code Identifier (LCID) Reference"): tags that
have no LCID of their own (Windows gives them 0x1000, "custom unspecified") cannot be a
row of a table keyed by the LCID and are left out. A server might list fewer languages;
it cannot list a tag Windows has no identifier for.

``ABBREVIATED_NAMES`` are the three-letter Windows codes Business Central's own `Language`
table uses (the ``Code`` of each ``InsertLanguage`` call in the demo data's codeunit
"Create Language", ``CreateLanguage.Codeunit.al`` lines 19-72, which finds the Windows
language by ``Abbreviated Name``: "Contoso Language", ``ContosoLanguage.Codeunit.al``
lines 39-44): a frequent mistake for a tag, so the lint can say which tag was meant.

(A domain question, answered once here: the lint rules only ask.)
"""

from __future__ import annotations

import difflib
import re
from functools import cache

# Windows language tag -> LCID ([MS-LCID]), grouped by language.
_TABLE = """
af=54 af-ZA=1078 am=94 am-ET=1118 ar=1 ar-AE=14337 ar-BH=15361 ar-DZ=5121 ar-EG=3073
ar-IQ=2049 ar-JO=11265 ar-KW=13313 ar-LB=12289 ar-LY=4097 ar-MA=6145 ar-OM=8193
ar-QA=16385 ar-SA=1025 ar-SY=10241 ar-TN=7169 ar-YE=9217 arn=122 arn-CL=1146 as=77
as-IN=1101 az=44 az-Cyrl=29740 az-Cyrl-AZ=2092 az-Latn=30764 az-Latn-AZ=1068 ba=109
ba-RU=1133 be=35 be-BY=1059 bg=2 bg-BG=1026 bn=69 bn-BD=2117 bn-IN=1093 bo=81 bo-CN=1105
br=126 br-FR=1150 bs=30746 bs-Cyrl=25626 bs-Cyrl-BA=8218 bs-Latn=26650 bs-Latn-BA=5146
ca=3 ca-ES=1027 ca-ES-valencia=2051 chr=92 chr-Cher=31836 chr-Cher-US=1116 co=131
co-FR=1155 cs=5 cs-CZ=1029 cy=82 cy-GB=1106 da=6 da-DK=1030 de=7 de-AT=3079 de-CH=2055
de-DE=1031 de-LI=5127 de-LU=4103 dsb=31790 dsb-DE=2094 dv=101 dv-MV=1125 dz-BT=3153 el=8
el-GR=1032 en=9 en-029=9225 en-AE=19465 en-AU=3081 en-BZ=10249 en-CA=4105 en-GB=2057
en-HK=15369 en-IE=6153 en-IN=16393 en-JM=8201 en-MY=17417 en-NZ=5129 en-PH=13321
en-SG=18441 en-TT=11273 en-US=1033 en-ZA=7177 en-ZW=12297 es=10 es-419=22538 es-AR=11274
es-BO=16394 es-CL=13322 es-CO=9226 es-CR=5130 es-CU=23562 es-DO=7178 es-EC=12298
es-ES=3082 es-ES_tradnl=1034 es-GT=4106 es-HN=18442 es-MX=2058 es-NI=19466 es-PA=6154
es-PE=10250 es-PR=20490 es-PY=15370 es-SV=17418 es-US=21514 es-UY=14346 es-VE=8202 et=37
et-EE=1061 eu=45 eu-ES=1069 fa=41 fa-IR=1065 ff=103 ff-Latn=31847 ff-Latn-SN=2151 fi=11
fi-FI=1035 fil=100 fil-PH=1124 fo=56 fo-FO=1080 fr=12 fr-BE=2060 fr-CA=3084 fr-CD=9228
fr-CH=4108 fr-CI=12300 fr-CM=11276 fr-FR=1036 fr-HT=15372 fr-LU=5132 fr-MA=14348
fr-MC=6156 fr-ML=13324 fr-RE=8204 fr-SN=10252 fy=98 fy-NL=1122 ga=60 ga-IE=2108 gd=145
gd-GB=1169 gl=86 gl-ES=1110 gn=116 gn-PY=1140 gsw=132 gsw-FR=1156 gu=71 gu-IN=1095
ha=104 ha-Latn=31848 ha-Latn-NG=1128 haw=117 haw-US=1141 he=13 he-IL=1037 hi=57
hi-IN=1081 hr=26 hr-BA=4122 hr-HR=1050 hsb=46 hsb-DE=1070 hu=14 hu-HU=1038 hy=43
hy-AM=1067 id=33 id-ID=1057 ig=112 ig-NG=1136 ii=120 ii-CN=1144 is=15 is-IS=1039 it=16
it-CH=2064 it-IT=1040 iu=93 iu-Cans=30813 iu-Cans-CA=1117 iu-Latn=31837 iu-Latn-CA=2141
ja=17 ja-JP=1041 ka=55 ka-GE=1079 kk=63 kk-KZ=1087 kl=111 kl-GL=1135 km=83 km-KH=1107
kn=75 kn-IN=1099 ko=18 ko-KR=1042 kok=87 kok-IN=1111 ks=96 ks-Arab=1120 ku=146
ku-Arab=31890 ku-Arab-IQ=1170 ky=64 ky-KG=1088 lb=110 lb-LU=1134 lo=84 lo-LA=1108 lt=39
lt-LT=1063 lv=38 lv-LV=1062 mi=129 mi-NZ=1153 mk=47 mk-MK=1071 ml=76 ml-IN=1100 mn=80
mn-Cyrl=30800 mn-MN=1104 mn-Mong=31824 mn-Mong-CN=2128 mn-Mong-MN=3152 moh=124
moh-CA=1148 mr=78 mr-IN=1102 ms=62 ms-BN=2110 ms-MY=1086 mt=58 mt-MT=1082 my=85
my-MM=1109 nb=31764 nb-NO=1044 ne=97 ne-IN=2145 ne-NP=1121 nl=19 nl-BE=2067 nl-NL=1043
nn=30740 nn-NO=2068 no=20 nso=108 nso-ZA=1132 oc=130 oc-FR=1154 om=114 om-ET=1138 or=72
or-IN=1096 pa=70 pa-Arab=31814 pa-Arab-PK=2118 pa-IN=1094 pl=21 pl-PL=1045 prs=140
prs-AF=1164 ps=99 ps-AF=1123 pt=22 pt-BR=1046 pt-PT=2070 qps-ploc=1281 qps-ploca=1534
qps-plocm=2559 quc=134 quc-Latn-GT=1158 quz=107 quz-BO=1131 quz-EC=2155 quz-PE=3179
rm=23 rm-CH=1047 ro=24 ro-MD=2072 ro-RO=1048 ru=25 ru-MD=2073 ru-RU=1049 rw=135
rw-RW=1159 sa=79 sa-IN=1103 sah=133 sah-RU=1157 sd=89 sd-Arab=31833 sd-Arab-PK=2137
se=59 se-FI=3131 se-NO=1083 se-SE=2107 si=91 si-LK=1115 sk=27 sk-SK=1051 sl=36
sl-SI=1060 sma=30779 sma-NO=6203 sma-SE=7227 smj=31803 smj-NO=4155 smj-SE=5179 smn=28731
smn-FI=9275 sms=29755 sms-FI=8251 so=119 so-SO=1143 sq=28 sq-AL=1052 sr=31770
sr-Cyrl=27674 sr-Cyrl-BA=7194 sr-Cyrl-CS=3098 sr-Cyrl-ME=12314 sr-Cyrl-RS=10266
sr-Latn=28698 sr-Latn-BA=6170 sr-Latn-CS=2074 sr-Latn-ME=11290 sr-Latn-RS=9242 st=48
st-ZA=1072 sv=29 sv-FI=2077 sv-SE=1053 sw=65 sw-KE=1089 syr=90 syr-SY=1114 ta=73
ta-IN=1097 ta-LK=2121 te=74 te-IN=1098 tg=40 tg-Cyrl=31784 tg-Cyrl-TJ=1064 th=30
th-TH=1054 ti=115 ti-ER=2163 ti-ET=1139 tk=66 tk-TM=1090 tn=50 tn-BW=2098 tn-ZA=1074
tr=31 tr-TR=1055 ts=49 ts-ZA=1073 tt=68 tt-RU=1092 tzm=95 tzm-Latn=31839
tzm-Latn-DZ=2143 ug=128 ug-CN=1152 uk=34 uk-UA=1058 ur=32 ur-IN=2080 ur-PK=1056 uz=67
uz-Cyrl=30787 uz-Cyrl-UZ=2115 uz-Latn=31811 uz-Latn-UZ=1091 ve=51 ve-ZA=1075 vi=42
vi-VN=1066 wo=136 wo-SN=1160 xh=52 xh-ZA=1076 yo=106 yo-NG=1130 zh=30724 zh-CN=2052
zh-HK=3076 zh-Hans=4 zh-Hant=31748 zh-MO=5124 zh-SG=4100 zh-TW=1028 zu=53 zu-ZA=1077
"""

# Business Central's three-letter language codes -> LCID (the demo data's languages).
ABBREVIATED_NAMES: dict[str, int] = {
    "BGR": 1026, "CHS": 2052, "CSY": 1029, "DAN": 1030, "DEA": 3079, "DES": 2055,
    "DEU": 1031, "ELL": 1032, "ENA": 3081, "ENC": 4105, "ENG": 2057, "ENI": 6153,
    "ENP": 13321, "ENU": 1033, "ENZ": 5129, "ESM": 2058, "ESN": 3082, "ESO": 9226,
    "ESP": 1034, "ESR": 10250, "ESS": 11274, "ETI": 1061, "FIN": 1035, "FRA": 1036,
    "FRB": 2060, "FRC": 3084, "FRS": 4108, "HRV": 1050, "HUN": 1038, "IND": 1057,
    "ISL": 1039, "ITA": 1040, "ITS": 2064, "JPN": 1041, "KOR": 1042, "LTH": 1063,
    "LVI": 1062, "MSL": 1086, "NLB": 2067, "NLD": 1043, "NON": 2068, "NOR": 1044,
    "PLK": 1045, "PTB": 1046, "PTG": 2070, "ROM": 1048, "RUS": 1049, "SKY": 1051,
    "SLV": 1060, "SVE": 1053, "THA": 1054, "TRK": 1055, "UKR": 1058,
}  # fmt: skip

_TAG_SHAPE = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*")


@cache
def windows_languages() -> dict[str, int]:
    """Every Windows language tag with an LCID, as Windows spells it, -> its LCID."""
    table: dict[str, int] = {}
    for entry in _TABLE.split():
        tag, lcid = entry.split("=")
        table[tag] = int(lcid)
    return table


@cache
def _tag_of_lcid() -> dict[int, str]:
    return {lcid: tag for tag, lcid in windows_languages().items()}


def language_id(value: str) -> int:
    """The Language ID the importer gives ``value`` (0: not a tag the lookup finds)."""
    return windows_languages().get(value, 0)


def tag_of(lcid: int) -> str | None:
    """The Windows language tag of an LCID, or None."""
    return _tag_of_lcid().get(lcid)


# Why a tag is meant when it is only the nearest spelling (a guess among tags).
CLOSEST = "the closest Windows language tag"


def meant_tag(value: str) -> tuple[str, str] | None:
    """The tag ``value`` most likely means, and why, when it is not a tag itself.

    Recognises another letter case (`en-us`), `_` for `-` (`en_US`), a three-letter code
    (`ENU`), a Language ID (`1033`), and otherwise the closest tag by spelling.
    """
    text = value.strip()
    if not text or text in windows_languages():
        return None
    by_folded = {tag.lower(): tag for tag in windows_languages()}
    folded = text.lower().replace("_", "-")
    if folded in by_folded:
        tag = by_folded[folded]
        if "_" in text and "_" not in tag:
            return tag, "a language tag is written with `-`, not `_`"
        return tag, "Windows spells the tag with this letter case"
    if text.upper() in ABBREVIATED_NAMES:
        coded = tag_of(ABBREVIATED_NAMES[text.upper()])
        if coded is not None:
            return coded, f"'{text}' is Business Central's three-letter language code, not a tag"
    if text.isdigit():
        numbered = tag_of(int(text))
        if numbered is not None:
            return numbered, f"{text} is the Language ID (LCID) of this tag, not a tag"
        return None
    if not _TAG_SHAPE.fullmatch(text):
        return None
    # The United Kingdom's ISO 3166 code is GB (`en-GB`); `UK` is a common slip.
    if folded.endswith("-uk") and folded[:-3] + "-gb" in by_folded:
        return by_folded[folded[:-3] + "-gb"], "the United Kingdom's region code is GB"
    close = difflib.get_close_matches(folded, list(by_folded), n=1, cutoff=0.8)
    if close:
        return by_folded[close[0]], CLOSEST
    return None
