// What the original program "Gestione Torneo" does with a workbook, through Apache POI (HSSF):
// open the .xls, read every round sheet as rows of seats (ID, name, score triples), then add
// a sheet and save. Prints one line per round sheet: "SHEET: T tavoli, S posti, IDs ...",
// and one per formula cell of any sheet with the result cached in the file, as the original
// reads it without recalculating: "FORMULA<TAB>SHEET!A1<TAB>TYPE<TAB>VALUE".
// Usage: java -cp POI_JARS:. OriginalReader IN.xls OUT.xls
import java.io.FileInputStream;
import java.io.FileOutputStream;
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

    public static void main(String[] args) throws Exception {
        HSSFWorkbook workbook;
        try (FileInputStream in = new FileInputStream(args[0])) {
            workbook = new HSSFWorkbook(in);
        }
        for (int i = 0; i < workbook.getNumberOfSheets(); i++) {
            Sheet sheet = workbook.getSheetAt(i);
            printCachedResults(sheet);
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
