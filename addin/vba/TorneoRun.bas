Attribute VB_Name = "TorneoRun"
' How a "Torneo" ribbon button runs (the callbacks are in TorneoRibbon, generated from
' xlwings_torneo/frontends/buttons.py): it asks for the round when "Turno..." was chosen, says in the
' status bar what is running, and calls xlwings' RunPython (the xlwings module embedded in
' this add-in) with one line of Python: xlwings_torneo.frontends.excel.press(button, round).
' Python shows its own messages, always in Italian; this module only reports what stops
' Python from starting at all.
Option Explicit

Public Const TORNEO_TITLE As String = "Torneo"
' The highest round number (xlwings_torneo/limits.py MAX_ROUND; a test keeps them equal) and
' the most digits a round sheet's number has (round_names.ROUND_DIGITS).
Public Const TORNEO_MAX_ROUND As Long = 1000
Public Const TORNEO_ROUND_DIGITS As Long = 9
Public Const TORNEO_REINSTALL As String = "Esegui di nuovo 'python install_addin.py' " & _
    "con il Python in cui è installato xlwings_torneo, poi riavvia Excel."

' The Python line that RunPython runs for a button (roundNo 0: the button's default round).
Public Function TorneoCommand(ByVal button As String, ByVal roundNo As Long) As String
    Dim args As String
    args = "'" & button & "'"
    If roundNo > 0 Then args = args & ", " & CStr(roundNo)
    TorneoCommand = "import xlwings_torneo.frontends.excel as torneo; torneo.press(" & args & ")"
End Function

' The status bar text: "{turno}" becomes the round number.
Public Function TorneoStatus(ByVal template As String, ByVal roundNo As Long) As String
    If roundNo > 0 Then
        TorneoStatus = Replace(template, "{turno}", CStr(roundNo))
    Else
        TorneoStatus = Replace(template, " {turno}", "")
    End If
End Function

' The round a sheet holds, by the one rule of xlwings_torneo/workbook/round_names.py (tested
' against it on the same names in LibreOffice Basic): "3° Turno" (the original's), "Turno 3",
' any case, spaces around, "º" for "°", "2º turno"; any other sheet name -> 0.
Public Function TorneoRoundOf(ByVal sheetName As String) As Long
    Dim name As String, rest As String
    name = LCase$(Trim$(Replace(sheetName, ChrW(186), ChrW(176))))
    If Left$(name, 5) = "turno" Then
        rest = Trim$(Mid$(name, 6))
    ElseIf Len(name) > 5 And Right$(name, 5) = "turno" Then
        rest = Trim$(Left$(name, Len(name) - 5))
        If Right$(rest, 1) <> ChrW(176) Then Exit Function
        rest = Trim$(Left$(rest, Len(rest) - 1))
    Else
        Exit Function
    End If
    If Len(rest) = 0 Or Len(rest) > TORNEO_ROUND_DIGITS Then Exit Function
    If rest Like "*[!0-9]*" Then Exit Function
    TorneoRoundOf = CLng(rest)
End Function

' The round a button acts on by default: "next" (after the last round sheet), "last", or
' "active" (the active round sheet, else the last).
Public Function TorneoDefaultRound(ByVal which As String) As Long
    Dim sheet As Object
    Dim last As Long, n As Long
    For Each sheet In ActiveWorkbook.Worksheets
        n = TorneoRoundOf(sheet.Name)
        If n > last Then last = n
    Next sheet
    Select Case which
        Case "next"
            TorneoDefaultRound = last + 1
        Case "active"
            n = TorneoRoundOf(ActiveSheet.Name)
            If n > 0 Then TorneoDefaultRound = n Else TorneoDefaultRound = last
        Case Else
            TorneoDefaultRound = last
    End Select
End Function

Private Function TorneoOnMac() As Boolean
    TorneoOnMac = InStr(1, Application.OperatingSystem, "Mac", vbTextCompare) > 0
End Function

' The interpreter written by install_addin.py in this add-in's "myaddin.conf" sheet.
Private Function TorneoPythonReady() As Boolean
    Dim interpreter As String
    If TorneoOnMac() Then
        interpreter = GetConfig("INTERPRETER_MAC", "")
        TorneoPythonReady = Len(interpreter) > 0
    Else
        interpreter = GetConfig("INTERPRETER_WIN", "")
        If Len(interpreter) > 0 Then TorneoPythonReady = FileExists(interpreter)
    End If
    If Not TorneoPythonReady Then
        MsgBox "Python non trovato (" & interpreter & ")." & vbCrLf & TORNEO_REINSTALL, _
               vbCritical, TORNEO_TITLE & " - errore"
    End If
End Function

' Asks for a round number; 0 when the organiser cancels.
Private Function TorneoAskRound(ByVal label As String, ByVal suggested As Long) As Long
    Dim answer As Variant
    answer = Application.InputBox("Numero del turno:", TORNEO_TITLE & " - " & label, _
                                  suggested, , , , , 1)
    If VarType(answer) = vbBoolean Then Exit Function
    If answer < 1 Or answer > TORNEO_MAX_ROUND Then
        MsgBox "Il numero del turno va da 1 a " & TORNEO_MAX_ROUND & ".", vbExclamation, _
               TORNEO_TITLE
        Exit Function
    End If
    TorneoAskRound = CLng(answer)
End Function

' Runs a button: the ribbon callbacks call this.
Public Sub TorneoPress(ByVal button As String, ByVal label As String, ByVal status As String, _
                       ByVal roundKind As String, ByVal ask As Boolean)
    Dim roundNo As Long, shown As Long
    If ActiveWorkbook Is Nothing Then
        MsgBox "Apri la cartella di lavoro del torneo (o una cartella vuota per Nuovo " & _
               "Torneo), poi premi di nuovo il pulsante.", vbExclamation, TORNEO_TITLE
        Exit Sub
    End If
    If Not TorneoPythonReady() Then Exit Sub
    If Len(roundKind) > 0 Then shown = TorneoDefaultRound(roundKind)
    If ask Then
        roundNo = TorneoAskRound(label, shown)
        If roundNo = 0 Then Exit Sub
        shown = roundNo
    End If
    On Error GoTo Failed
    Application.StatusBar = TorneoStatus(status, shown)
    RunPython TorneoCommand(button, roundNo)
    ' On a Mac, RunPython returns while Python still runs: Python clears the status bar.
    If Not TorneoOnMac() Then Application.StatusBar = False
    Exit Sub
Failed:
    Application.StatusBar = False
    MsgBox "Torneo non è riuscito ad avviare Python (" & Err.Description & ")." & vbCrLf & _
           TORNEO_REINSTALL, vbCritical, TORNEO_TITLE & " - errore"
End Sub
