// What the original program "Gestione Torneo" does with a workbook, through Apache POI (HSSF):
// open the .xls, read every round sheet as rows of seats (ID, name, score triples), then add
// a sheet and save. Prints one line per round sheet: "SHEET: T tavoli, S posti, IDs ...",
// and one per formula cell of any sheet with the result cached in the file, as the original
// reads it without recalculating: "FORMULA<TAB>SHEET!A1<TAB>TYPE<TAB>VALUE".
// Sheet TORNEO is read as the original reads it (docs/workbook.md, «The original program's own workbooks»: values in column D
// beside the labels of column C, rows 2-7; the dates of rounds 1..N in D8..D(7+N), N being
// "Numero Turni Previsti" of D6), one line per field: "TORNEO<TAB>LABEL<TAB>VALUE".
// Usage: java -cp POI_JARS:. OriginalReader IN.xls OUT.xls
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.List;

import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;

public class OriginalReader {
    static boolean isRoundSheet(String name) {
        return name.matches("\\d+° Turno");  // the original reads these sheets only
    }

    static void printCachedResults(Sheet sheet) {
        for (Row row : sheet) {
            for (Cell cell : row) {
                if (cell.getCellType() != CellType.FORMULA) {
                    continue;
                }
                CellType type = cell.getCachedFormulaResultType();
                String value = type == CellType.STRING ? cell.getStringCellValue()
                        : type == CellType.NUMERIC ? String.valueOf(cell.getNumericCellValue())
                        : "";
                System.out.println("FORMULA\t" + sheet.getSheetName() + "!"
                        + cell.getAddress().formatAsString() + "\t" + type + "\t" + value);
            }
        }
    }

    static Cell cell(Sheet sheet, int row, int col) {
        Row r = sheet.getRow(row);
        return r == null ? null : r.getCell(col);
    }

    static boolean blank(Cell cell) {
        return cell == null || cell.getCellType() == CellType.BLANK;
    }

    static void printTorneo(Sheet sheet) {
        // C2:C7 labels, D2:D7 values; text fields must be text and the number of rounds a
        // number, as the original takes them (a wrong type throws, as it fails)
        for (int r = 1; r <= 6; r++) {
            Cell label = cell(sheet, r, 2);
            Cell value = cell(sheet, r, 3);
            String text;
            if (blank(value)) {
                text = "";
            } else if (r == 5) {
                text = String.valueOf((long) value.getNumericCellValue());
            } else {
                text = value.getStringCellValue();
            }
            System.out.println("TORNEO\t" + (label == null ? "" : label.getStringCellValue())
                    + "\t" + text);
        }
        Cell planned = cell(sheet, 5, 3);
        long rounds = blank(planned) ? 0 : (long) planned.getNumericCellValue();
        SimpleDateFormat day = new SimpleDateFormat("yyyy-MM-dd");
        for (int n = 1; n <= rounds; n++) {
            Cell date = cell(sheet, 6 + n, 3);  // row 8 (index 7) holds round 1
            if (blank(date)) {
                System.out.println("TORNEO\tData Turno " + n + "\t");
                continue;
            }
            if (date.getCellType() != CellType.NUMERIC) {
                // the original refuses a date it cannot read, naming the round
                throw new IllegalStateException("TORNEO: data del turno " + n + " illeggibile");
            }
            System.out.println("TORNEO\tData Turno " + n + "\t"
                    + day.format(date.getDateCellValue()));
        }
    }

    public static void main(String[] args) throws Exception {
        HSSFWorkbook workbook;
        try (FileInputStream in = new FileInputStream(args[0])) {
            workbook = new HSSFWorkbook(in);
        }
        for (int i = 0; i < workbook.getNumberOfSheets(); i++) {
            Sheet sheet = workbook.getSheetAt(i);
            printCachedResults(sheet);
            if (sheet.getSheetName().equals("TORNEO")) {
                printTorneo(sheet);
            }
            if (!isRoundSheet(sheet.getSheetName())) {
                continue;
            }
            int tables = 0;
            List<Long> ids = new ArrayList<>();
            // rows in pairs: "Tavolo N°k" in A, then the seats as ID / name / score triples
            for (int r = 0; r <= sheet.getLastRowNum(); r += 2) {
                Cell title = sheet.getRow(r).getCell(0);
                if (!title.getStringCellValue().equals("Tavolo N°" + (r / 2 + 1))) {
                    throw new IllegalStateException(sheet.getSheetName() + " riga " + (r + 1));
                }
                tables++;
                Row row = sheet.getRow(r + 1);
                for (int c = 0; ; c += 3) {
                    Cell id = row.getCell(c);
                    if (id == null || id.getCellType() != CellType.NUMERIC) {
                        break;
                    }
                    ids.add((long) id.getNumericCellValue());
                    row.getCell(c + 1).getStringCellValue();  // the name: text
                    // a score: a number (0 until typed), as the original requires
                    row.getCell(c + 2).getNumericCellValue();
                }
            }
            System.out.println(sheet.getSheetName() + ": " + tables + " tavoli, " + ids.size()
                    + " posti, ID " + ids);
        }
        workbook.createSheet("Aggiunto da POI").createRow(0).createCell(0).setCellValue("ok");
        try (FileOutputStream out = new FileOutputStream(args[1])) {
            workbook.write(out);
        }
    }
}
