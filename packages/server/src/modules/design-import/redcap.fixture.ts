/**
 * A REDCap data dictionary of a small two-form study, as REDCap's "Download the current data dictionary"
 * writes it: a byte-order mark, the standard header, CRLF line ends, quoted cells with commas, quotes and a
 * line break. It holds every field type, choices, branching logic, calculations, checkboxes, a matrix group,
 * Chinese labels, and rows the import must skip or report.
 */
const LINES = [
  '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max","Identifier?","Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"',
  'record_id,demographics,,text,"Record ID",,,,,,,,,,,,,',
  'patient_name,demographics,"基本信息 Basic information",text,"姓名",,"Family name first",,,,y,,y,,,,,',
  'dob,demographics,,text,"出生日期 Date of birth",,,date_ymd,1900-01-01,today,y,,y,,,,,',
  'sex,demographics,,radio,"性别 Sex","0, 女 Female | 1, 男 Male",,,,,,,y,RH,,,,',
  'email,demographics,,text,"Email",,,email,,,,,,,,,,',
  'phone,demographics,,text,"Phone",,,phone,,,,,,,,,,',
  'zip,demographics,,text,"ZIP code",,,zipcode,,,,,,,,,,',
  'initials,demographics,,text,"Initials",,,alpha_only,,,,,,,,,,',
  'race,demographics,,checkbox,"种族 Race","1, Asian | 2, White | 3, Black or African American | 99, Other",,,,,,,,,,,,',
  'race_other,demographics,,text,"Other race, please specify",,,,,,,"[race(99)] = \'1\'",,,,,,',
  'consent_date,demographics,,text,"知情同意日期 Date of consent",,,date_mdy,,,,,y,,,,,',
  'age,demographics,,calc,"Age at consent (years)","rounddown(datediff([dob],[consent_date],""y"",""ymd""),0)",,,,,,,,,,,,@READONLY',
  'pregnant,demographics,,yesno,"Pregnant?",,,,,,,"[sex] = \'0\' and [age] >= 12",,,,,,',
  'prior_consent,demographics,,yesno,"Consent on file at screening?",,,,,,,"[screening_arm_1][consent_date] <> \'\'",,,,,,',
  'comments,demographics,,notes,"Comments",,,,,,,,,,,,,',
  'id_photo,demographics,,file,"ID photo",,,,,,,,,,,,,',
  'vital_time,vital_signs,"<b>Vital signs</b> 生命体征",text,"Time of measurement",,,time,,,,,,,,,,',
  'weight,vital_signs,,text,"体重 Weight",,kg,number,30,250,,,y,,,,,',
  'height,vital_signs,,text,"身高 Height",,cm,integer,100,250,,,y,,,,,',
  'bmi,vital_signs,,calc,"BMI","round(([weight]*10000)/(([height])^2),1)",,,,,,,,,,,,',
  'temp,vital_signs,,text,"Temperature",,°C,number_1dp,35,42,,,,,,,,',
  'pain,vital_signs,,slider,"Pain","No pain | Moderate | Worst pain",,number,0,10,,,,,,,,',
  'rest_note,vital_signs,,descriptive,"Measure after five minutes of rest.",,,,,,,,,,,,,',
  'q_sleep,vital_signs,"过去一周 In the past week",radio,"睡眠问题 Trouble sleeping","0, Never | 1, Sometimes | 2, Often | 3, Always",,,,,,,,,,symptoms,,',
  'q_appetite,vital_signs,,radio,"食欲下降 Poor appetite","0, Never | 1, Sometimes | 2, Often | 3, Always",,,,,,,,,,symptoms,,',
  'symptom_score,vital_signs,,calc,"Symptom score","sum([q_sleep],[q_appetite])",,,,,,,,,,,,',
  'male_only,vital_signs,,yesno,"Prostate exam done?",,,,,,,"[sex] = \'1\'",,,,,,',
  'growth,vital_signs,,calc,"Growth factor","exponential([weight])",,,,,,,,,,,,',
  'followup_at,vital_signs,,text,"Next visit",,,datetime_seconds_ymd,,,,,,,,,,',
  'remarks,vital_signs,,text,"Remarks",,,,,,,,,,,,,"@HIDDEN @CHARLIMIT=200"',
  'lookup,vital_signs,,sql,"Clinic",select value from redcap_data where project_id = 12,,,,,,,,,,,,',
  'consent_text,vital_signs,,descriptive,"I have read the ""study information""\nand agree.",,,,,,,,,,,,,',
  '2nd_weight,vital_signs,,text,"Second weight",,,number,,,,,,,,,,',
  'tube,vital_signs,,checkboxes,"Tubes",,,,,,,,,,,,,',
  'extra,vital_signs,,text,"Extra",,,,,,,,,,,,,,,,',
];

export const STUDY_DICTIONARY = `\uFEFF${LINES.join('\r\n')}\r\n`;
